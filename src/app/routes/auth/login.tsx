import { Link, useLocation, useNavigate } from 'react-router-dom';
import * as paths from '@/config/paths';
import { AuthLayout, LoginForm } from '@/features/auth';
import { rememberedOrigin } from '@/lib/safeRedirect';

/** /login: after signing in, where the guard sent this person from (same-origin paths only), else /dashboard. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to track your services and appointments."
      footer={
        <p>
          Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
        </p>
      }
    >
      <LoginForm onSignedIn={(user) => navigate(rememberedOrigin(location.state, paths.dashboard, user.id), { replace: true })} />
    </AuthLayout>
  );
}
