// The few web-platform globals the domain uses, which browsers and Node (18 and later) both have. The domain
// sees neither DOM nor Node types (tsconfig.domain.json), so a rule cannot reach for one runtime's API.
declare function atob(data: string): string;

declare class TextDecoder {
  decode(input?: Uint8Array): string;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly host: string;
  readonly protocol: string;
  href: string;
}

declare const crypto: { getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T };
