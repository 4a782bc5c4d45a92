import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { StatusPage } from '@/components/StatusPage';

export default function NotFoundPage() {
  return (
    <StatusPage title="Page Not Found" icon={<MapPinOff />}>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/">Go back home</Link>
    </StatusPage>
  );
}
