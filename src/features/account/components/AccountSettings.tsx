import type { ReactNode } from 'react';
import { messageOf } from '@/api/errors';
import { Card } from '@/components/Card';
import { DataState } from '@/components/DataState';
import { PageHeader } from '@/components/PageHeader';
import { authApi } from '@/features/auth';
import { ChangePasswordSection } from './ChangePasswordSection';
import { CloseAccountSection } from './CloseAccountSection';
import { DownloadDataSection } from './DownloadDataSection';
import { EmailSection } from './EmailSection';
import { ProfileSection } from './ProfileSection';
import { SignOutEverywhereSection } from './SignOutEverywhereSection';
import styles from './Account.module.css';

export interface AccountSettingsProps {
  /** The e-mail notification choice: the notifications domain's, composed by the page. */
  notifications?: ReactNode;
}

/**
 * Account settings, for every role in its own frame: profile, e-mail address, notifications, password, devices, a copy
 * of one's data, and closing the account. Each action that cannot be undone asks first.
 */
export function AccountSettings({ notifications }: AccountSettingsProps) {
  const { data: profile, isLoading, error, refetch } = authApi.endpoints.getProfile.useQuery();
  return (
    <div className={styles.page}>
      <PageHeader title="Account settings">Your details, how you sign in, and what CarCare keeps about you.</PageHeader>
      <DataState isLoading={isLoading} error={error && !profile ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading your account">
        {profile && (
          <>
            {/* Keyed by account: the forms start from the profile they were opened with. */}
            <ProfileSection key={`profile-${profile.id}`} profile={profile} />
            <EmailSection profile={profile} />
            {notifications && <Card title="Notifications">{notifications}</Card>}
            <ChangePasswordSection />
            <SignOutEverywhereSection />
            <DownloadDataSection />
            <CloseAccountSection />
          </>
        )}
      </DataState>
    </div>
  );
}
