import { createHmac, randomBytes } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import type { Region } from '../../domain/locale.js';
import type { SocialIntent } from '../../domain/social.js';
import type { SocialRequest } from '../adapters/social/port.js';

// One trip through the social sign-in provider, sealed (encrypted and authenticated, A256GCM) with a key
// derived from JWT_SECRET, so the browser can carry it without reading or changing it: the PKCE verifier,
// state and nonce stay secret, and nothing in it can be swapped. Ten minutes, used once.

export const SOCIAL_FLOW_MINUTES = 10;

export interface SocialFlow extends SocialRequest {
  id: string;
  provider: string;
  intent: SocialIntent;
  region: Region | null;
  termsAccepted: boolean;
  /** The sign-up's friend_ref (a referral code), carried to the account the flow makes. */
  friendRef: string | null;
}

/** A key of its own (not the session tokens' key): a flow can never pass for a login token, nor the other way. */
function flowKey(secret: Uint8Array): Uint8Array {
  return createHmac('sha256', secret).update('social-flow-v1').digest();
}

export function newSocialFlow(
  input: Pick<SocialFlow, 'provider' | 'intent' | 'region' | 'termsAccepted' | 'language' | 'friendRef'>,
): SocialFlow {
  return {
    ...input,
    id: randomBytes(16).toString('base64url'),
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

export async function sealSocialFlow(secret: Uint8Array, flow: SocialFlow): Promise<string> {
  return new EncryptJWT({
    p: flow.provider,
    i: flow.intent,
    s: flow.state,
    n: flow.nonce,
    v: flow.codeVerifier,
    l: flow.language,
    r: flow.region,
    t: flow.termsAccepted,
    f: flow.friendRef,
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'social-flow' })
    .setJti(flow.id)
    .setIssuedAt()
    .setExpirationTime(`${SOCIAL_FLOW_MINUTES}m`)
    .encrypt(flowKey(secret));
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The flow, if it is one of ours, unexpired and whole; null otherwise. */
export async function openSocialFlow(secret: Uint8Array, sealed: string): Promise<SocialFlow | null> {
  try {
    const { payload, protectedHeader } = await jwtDecrypt(sealed, flowKey(secret), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      typ: 'social-flow',
    });
    if (protectedHeader.typ !== 'social-flow') return null;
    const { p, i, s, n, v, l, r, t, f, jti } = payload;
    if (!isString(p) || !isString(s) || !isString(n) || !isString(v) || !isString(jti)) return null;
    if (i !== 'login' && i !== 'signup') return null;
    if (l !== 'da' && l !== 'en' && l !== 'no') return null;
    return {
      id: jti,
      provider: p,
      intent: i,
      state: s,
      nonce: n,
      codeVerifier: v,
      language: l,
      region: r === 'dk' || r === 'no' ? r : null,
      termsAccepted: t === true,
      friendRef: isString(f) ? f : null,
    };
  } catch {
    return null;
  }
}

/**
 * Flows already used, until they expire. The provider refuses a code twice anyway; this also refuses a
 * flow replayed with another code, in this process (with several instances the provider's check remains).
 */
export class UsedFlows {
  private readonly used = new Map<string, number>();

  /** True the first time a flow id is seen. */
  claim(id: string): boolean {
    const now = Date.now();
    for (const [key, until] of this.used) if (until <= now) this.used.delete(key);
    if (this.used.has(id)) return false;
    this.used.set(id, now + SOCIAL_FLOW_MINUTES * 60_000 + 60_000);
    return true;
  }
}
