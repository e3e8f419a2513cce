import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

// §2 public identity pages, plus the sign-up welcome, which the access guard keeps for signed-in users.
export const identityRoutes: RouteObject[] = [
  { path: 'login', element: lazyPage(() => import('./login-page'), 'LoginPage') },
  { path: 'login/social/callback', element: lazyPage(() => import('./social-callback-page'), 'SocialCallbackPage') },
  { path: 'signup', element: lazyPage(() => import('./signup-form'), 'SignupPage') },
  { path: 'forgot-password', element: lazyPage(() => import('./forgot-password-page'), 'ForgotPasswordPage') },
  { path: 'forgot-passw-check-mail', element: lazyPage(() => import('./check-mail-page'), 'CheckMailPage') },
  { path: 'reset-password', element: lazyPage(() => import('./reset-password-page'), 'ResetPasswordPage') },
  { path: 'reset-password-succes', element: lazyPage(() => import('./reset-success-page'), 'ResetSuccessPage') },
  { path: 'verify-email', element: lazyPage(() => import('./verify-email-page'), 'VerifyEmailPage') },
  { path: 'app/redirects/signup-complete', element: lazyPage(() => import('./signup-complete-page'), 'SignupCompletePage') },
];
