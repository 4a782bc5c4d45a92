import { yupResolver } from '@hookform/resolvers/yup';
import { forgotPasswordSchema, newPasswordSchema } from './schemas';

/** The signed-out forms' resolvers, loaded on demand (see lazyResolver) to keep yup off their first paint. */
export const forgotPasswordResolver = yupResolver(forgotPasswordSchema);
export const newPasswordResolver = yupResolver(newPasswordSchema);
