import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { TextField } from '@/components/TextField';
import { authApi, type ProfileResponse, selectCurrentUser, toSessionUser, userUpdated } from '@/features/auth';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useServerForm } from '@/api/useServerForm';
import { profileSchema, type ProfileValues } from '../schemas';
import styles from './Account.module.css';

const PROFILE_SAVED = 'Your profile has been saved.';

/**
 * Name, phone and address (spec §5's registration rules), saved through PUT /api/auth/update-profile; the stored user
 * copy follows, as after Complete Profile, so the header and the dashboards greet the new name.
 */
export function ProfileSection({ profile }: { profile: ProfileResponse }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [updateProfile] = authApi.endpoints.updateProfile.useMutation();
  const [saved, setSaved] = useState(false);
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<ProfileValues>({
    resolver: yupResolver(profileSchema),
    defaultValues: { fullName: profile.fullName ?? '', phoneNumber: profile.phoneNumber ?? '', address: profile.address ?? '' },
    fieldOf: { fullName: 'fullName', phoneNumber: 'phoneNumber', address: 'address' },
  });

  const send = async (values: ProfileValues) => {
    setSaved(false);
    const body = { fullName: values.fullName, phoneNumber: values.phoneNumber, address: values.address ?? '' };
    // The answer is the profile as stored (an empty address keeps the stored one): the header greets it.
    const stored = await updateProfile(body).unwrap();
    if (user) dispatch(userUpdated(toSessionUser({ ...user, ...stored })));
    setSaved(true);
  };
  const edit = (name: keyof ProfileValues) => field(name, () => setSaved(false));

  return (
    <Card title="Profile">
      <form className="form-stack" noValidate onSubmit={onSubmit(send)}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {saved && <Alert variant="success">{PROFILE_SAVED}</Alert>}
        <div className="form-grid">
          <TextField label="Full Name" autoComplete="name" containerClassName="form-span2" error={errors.fullName?.message} {...edit('fullName')} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" error={errors.phoneNumber?.message} {...edit('phoneNumber')} />
          <TextField label="Address" hint="Optional" autoComplete="street-address" error={errors.address?.message} {...edit('address')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
