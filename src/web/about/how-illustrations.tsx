import type { ReactNode } from 'react';

// Small drawings for the steps of /hvordan, drawn here (nothing downloaded). They decorate: the text says it all,
// so they are hidden from screen readers. Colours come from the theme (about.css: .ill-line, .ill-soft, .ill-accent).

function Drawing({ children }: { children: ReactNode }) {
  return (
    <svg className="how-illustration" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" className="ill-soft" />
      {children}
    </svg>
  );
}

/** A bike seen from the side, its rear wheel at (x, y) with wheels of radius r. */
function Bike({ x, y, r = 12 }: { x: number; y: number; r?: number }) {
  const front = x + r * 2.6;
  return (
    <g className="ill-line" fill="none" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <circle cx={x} cy={y} r={r} />
      <circle cx={front} cy={y} r={r} />
      <path
        d={`M${x} ${y} L${x + r * 1.1} ${y - r * 1.3} L${x + r * 2.1} ${y - r * 1.3} L${front} ${y} M${x + r * 1.1} ${y - r * 1.3} L${x + r * 1.3} ${y} L${x} ${y} M${x + r * 1.3} ${y} L${x + r * 2.1} ${y - r * 1.3} M${x + r * 0.9} ${y - r * 1.7} h${r * 0.6} M${x + r * 2.1} ${y - r * 1.3} l${-r * 0.2} ${-r * 0.6} h${r * 0.5}`}
      />
    </g>
  );
}

function Check({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r="10" className="ill-accent" />
      <path
        d={`M${x - 5} ${y} l3.5 3.5 l6.5 -7`}
        fill="none"
        stroke="#1b2329"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

/** A small QR code: three finder squares and a few modules. */
function Qr({ x, y, size }: { x: number; y: number; size: number }) {
  const m = size / 7;
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} rx={m / 2} fill="#fff" className="ill-line" strokeWidth="2" />
      {[
        [0.6, 0.6],
        [4.4, 0.6],
        [0.6, 4.4],
      ].map(([dx = 0, dy = 0]) => (
        <rect key={`${dx}-${dy}`} x={x + dx * m} y={y + dy * m} width={m * 2} height={m * 2} className="ill-fill" />
      ))}
      <rect x={x + 3.4 * m} y={y + 3.4 * m} width={m} height={m} className="ill-fill" />
      <rect x={x + 4.6 * m} y={y + 4.6 * m} width={m * 1.6} height={m} className="ill-fill" />
      <rect x={x + 3.4 * m} y={y + 5.4 * m} width={m} height={m} className="ill-fill" />
    </g>
  );
}

export function AccountDrawing() {
  return (
    <Drawing>
      <rect x="30" y="16" width="36" height="62" rx="6" fill="#fff" className="ill-line" strokeWidth="3" />
      <circle cx="48" cy="38" r="7" className="ill-fill" />
      <path d="M36 58c2-8 7-11 12-11s10 3 12 11z" className="ill-fill" />
      <Check x={64} y={66} />
    </Drawing>
  );
}

export function RegisterDrawing() {
  return (
    <Drawing>
      <Bike x={24} y={60} />
      <circle cx="62" cy="32" r="12" fill="#fff" className="ill-line" strokeWidth="3" />
      <path d="M70 41l9 9" className="ill-line" strokeWidth="4" strokeLinecap="round" />
      <path d="M55 29h14M55 35h9" className="ill-line" strokeWidth="2.5" strokeLinecap="round" />
    </Drawing>
  );
}

export function PlateDrawing() {
  return (
    <Drawing>
      <path d="M12 66L84 34" className="ill-line" strokeWidth="10" strokeLinecap="round" />
      <g transform="rotate(-24 48 50)">
        <Qr x={33} y={35} size={30} />
      </g>
    </Drawing>
  );
}

export function PapersDrawing() {
  return (
    <Drawing>
      <path d="M26 16h30l12 12v50H26z" fill="#fff" className="ill-line" strokeWidth="3" strokeLinejoin="round" />
      <path d="M56 16v12h12" fill="none" className="ill-line" strokeWidth="3" strokeLinejoin="round" />
      <path d="M33 38h26M33 46h26M33 54h16" className="ill-line" strokeWidth="3" strokeLinecap="round" />
      <rect x="56" y="58" width="20" height="16" rx="3" className="ill-accent" />
      <path d="M60 58v-5a6 6 0 0 1 12 0v5" fill="none" className="ill-line" strokeWidth="3" />
    </Drawing>
  );
}

export function StolenDrawing() {
  return (
    <Drawing>
      <path d="M14 30l22-8 24 8 22-8v46l-22 8-24-8-22 8z" fill="#fff" className="ill-line" strokeWidth="3" strokeLinejoin="round" />
      <path d="M36 22v46M60 30v46" className="ill-line" strokeWidth="2" />
      <path d="M48 62c-9-10-14-17-14-24a14 14 0 0 1 28 0c0 7-5 14-14 24z" className="ill-danger" />
      <path d="M48 31v9" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="48" cy="46" r="2" fill="#fff" />
    </Drawing>
  );
}

export function FoundDrawing() {
  return (
    <Drawing>
      <rect x="16" y="22" width="30" height="54" rx="6" fill="#fff" className="ill-line" strokeWidth="3" />
      <Qr x={21} y={36} size={20} />
      <path d="M52 22h30a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H64l-9 8v-8h-3a6 6 0 0 1-6-6V28a6 6 0 0 1 6-6z" className="ill-accent" />
      <path d="M55 32h22M55 40h14" stroke="#1b2329" strokeWidth="3" strokeLinecap="round" />
    </Drawing>
  );
}

export function BackDrawing() {
  return (
    <Drawing>
      <path d="M18 44l30-24 30 24v32H18z" fill="#fff" className="ill-line" strokeWidth="3" strokeLinejoin="round" />
      <Bike x={30} y={64} r={8} />
      <Check x={70} y={30} />
    </Drawing>
  );
}
