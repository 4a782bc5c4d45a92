import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/Button';
import { StatusPage } from '@/components/StatusPage';

export function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <StatusPage title="Access Denied" icon={<ShieldAlert />}>
      <p>{message}</p>
      <Button variant="secondary" onClick={() => void navigate(-1)}>
        Go Back
      </Button>
    </StatusPage>
  );
}
