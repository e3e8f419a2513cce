import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its web addresses made into links; nothing in it is read as HTML. */
export function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
