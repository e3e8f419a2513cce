import type { RouteObject } from 'react-router';

/** Plate scans (/sticker-id/…) and sign-up from a scan. */
export const stickerRoutes: RouteObject[] = [];
