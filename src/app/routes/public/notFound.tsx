import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { StatusPage } from '@/components/StatusPage';
import * as paths from '@/config/paths';

/** Any other path (spec §2). */
export function Component() {
  return (
    <StatusPage title="Page Not Found" icon={<MapPinOff />}>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home}>Go back home</Link>
    </StatusPage>
  );
}
