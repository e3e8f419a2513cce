/**
 * The front page's picture, drawn here (no file to fetch, nothing downloaded): a bike with its QR plate on the seat
 * tube and a map pin, in the theme's colours (home.css). Decorative: the text beside it says the same.
 */
export function HomeIllustration() {
  return (
    <svg className="home-illustration" viewBox="0 0 400 280" width="400" height="280" aria-hidden="true" focusable="false">
      <circle className="ill-backdrop" cx="200" cy="150" r="128" />
      <path className="ill-ground" d="M40 247h320" />
      <g className="ill-bike">
        <circle cx="110" cy="190" r="52" />
        <circle cx="290" cy="190" r="52" />
        <path d="M110 190l65-80 15 80zM175 110h95M190 190l80-80 20 80M175 110l-8-22M150 86h34M270 110l-6-24 22-4" />
      </g>
      <g className="ill-plate" transform="rotate(-14 186 150)">
        <rect x="168" y="132" width="36" height="36" rx="4" />
        <path
          className="ill-qr"
          d="M173 137h9v9h-9zM190 137h9v9h-9zM173 154h9v9h-9zM186 150h4v4h-4zM192 156h7v3h-7zM189 160h4v3h-4zM196 150h3v4h-3z"
        />
      </g>
      <g className="ill-pin">
        <path d="M330 34c-17 0-30 13-30 30 0 22 30 52 30 52s30-30 30-52c0-17-13-30-30-30z" />
        <circle cx="330" cy="64" r="11" />
      </g>
    </svg>
  );
}
