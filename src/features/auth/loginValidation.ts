import { yupResolver } from '@hookform/resolvers/yup';
import { loginSchema } from './schemas';

/** The login form's resolver; loaded on demand by LoginPage (see lazyResolver) to keep yup off its first paint. */
export const loginResolver = yupResolver(loginSchema);

/** How a failed sign-in is shown: needed only after a submit, by which time the resolver has loaded this chunk. */
export { mapLoginError } from './components/loginErrorMapping';
