import { Download } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { useExportAccountMutation } from '../exportApi';
import styles from './Account.module.css';

const DOWNLOAD_MY_DATA = 'Download my data';

/** GET /api/account/export (the token in its header), saved as the JSON file the server names: carcare-account.json. */
export function DownloadDataSection() {
  const [exportAccount, { isLoading, isSuccess, isError, data, error, reset }] = useExportAccountMutation();
  return (
    <Card title="Your data">
      <p className={styles.text}>A JSON file of what CarCare keeps about you: your account, vehicles, jobs, time logs and notifications.</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          loading={isLoading}
          startIcon={<Download aria-hidden="true" />}
          onClick={() => {
            reset();
            void exportAccount();
          }}
        >
          {DOWNLOAD_MY_DATA}
        </Button>
        <p role="status" className={styles.done}>
          {isSuccess && data ? `Downloaded ${data.fileName}` : ''}
        </p>
      </div>
      {isError && (
        <Alert variant="error" onDismiss={reset}>
          {messageOf(error)}
        </Alert>
      )}
    </Card>
  );
}
