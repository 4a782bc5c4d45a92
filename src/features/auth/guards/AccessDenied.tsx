import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { StatusPage } from '@/components/StatusPage';

/** `withinMain`: rendered inside a layout that already has the page's <main> landmark. */
export function AccessDenied({ message, withinMain = false }: { message: string; withinMain?: boolean }) {
  const navigate = useNavigate();
  return (
    <StatusPage as={withinMain ? 'div' : 'main'} title="Access Denied" icon={<ShieldAlert />}>
      <p>{message}</p>
      <Button variant="secondary" onClick={() => void navigate(-1)}>
        Go Back
      </Button>
    </StatusPage>
  );
}
