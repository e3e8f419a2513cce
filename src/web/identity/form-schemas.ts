import * as z from 'zod/mini';
import { passwordSchema, signupSchema } from '../../domain/identity';

// The schemas of the identity forms, in one module the pages load when a field is first focused
// (ui/form.ts), so zod is not part of their first load.
export { loginSchema, passwordResetRequestSchema } from '../../domain/identity';

/** The sign-up form: the shared payload plus what only the page asks (§5: terms must be confirmed). */
export const signupFormSchema = z.extend(signupSchema, {
  terms: z.boolean().check(z.refine((accepted) => accepted === true, { error: 'terms_required' })),
  newsletter: z.boolean(),
});

/** The new password twice; the server checks only the first, the page checks they match. */
export const resetFormSchema = z.object({ new_password: passwordSchema, password_repeat: z.string() }).check(
  z.refine((v) => v.new_password === v.password_repeat, {
    error: 'passwords_differ',
    path: ['password_repeat'],
    // Say so even while the password itself is still too short.
    when: () => true,
  }),
);
/**
 * What the form holds. Fields the schema normalises first (blank means not given, any language
 * falls back to da) accept any input, so they are `unknown` here as in the schema's input.
 */
export type SignupValues = {
  email: string;
  password: string;
  phone?: unknown;
  zip_code?: unknown;
  chosen_region: string;
  chosen_language?: unknown;
  terms: boolean;
  newsletter: boolean;
};
