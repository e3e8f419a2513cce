import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The path as registered, parameters as :name (e.g. /api/insurance/:insurerPartyId/claims/). */
  url: string;
}

/**
 * Every route the app has registered (HEAD left out), read from Fastify's route tree: the access-matrix tests use it
 * to prove that their table names every route of an area, so a new route cannot slip in untested.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const url = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}
