import { yupResolver } from '@hookform/resolvers/yup';
import { loginSchema } from './schemas';

/** The login form's resolver; loaded on demand by LoginPage (see lazyResolver) to keep yup off its first paint. */
export const loginResolver = yupResolver(loginSchema);
