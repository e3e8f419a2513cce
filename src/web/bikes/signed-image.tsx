import { type ImgHTMLAttributes, useRef, useState } from 'react';
import { invalidateBikes } from './bikes-api';

/**
 * A picture whose address is signed and expires (~15 minutes): when it fails to load, the bike is fetched
 * again (fresh addresses), once per image; meanwhile, and if the new address fails too, the alt text is shown in a frame instead.
 */
export function SignedImage({ src, alt, className, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const retried = useRef(false);
  const [broken, setBroken] = useState<string | null>(null);
  if (broken === src) {
    return (
      <span className={`bike-image-missing ${className ?? ''}`} role="img" aria-label={alt}>
        {alt}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      {...rest}
      onError={() => {
        setBroken(src);
        if (!retried.current) {
          retried.current = true;
          void invalidateBikes();
        }
      }}
    />
  );
}
