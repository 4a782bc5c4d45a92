import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { TextField } from '@/components/TextField';
import { authApi, type ProfileResponse, selectCurrentUser, toSessionUser, userUpdated } from '@/features/auth';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { showServerErrors } from '../formErrors';
import { profileSchema, type ProfileValues } from '../schemas';
import styles from './Account.module.css';

export const PROFILE_SAVED = 'Your profile has been saved.';

/**
 * Name, phone and address (spec §5's registration rules), saved through PUT /api/auth/update-profile; the stored user
 * copy follows, as after Complete Profile, so the header and the dashboards greet the new name.
 */
export function ProfileSection({ profile }: { profile: ProfileResponse }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [updateProfile] = authApi.endpoints.updateProfile.useMutation();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver: yupResolver(profileSchema),
    defaultValues: { fullName: profile.fullName ?? '', phoneNumber: profile.phoneNumber ?? '', address: profile.address ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  async function onSubmit(values: ProfileValues) {
    setSaved(false);
    setFailure(null);
    const body = { fullName: values.fullName, phoneNumber: values.phoneNumber, address: values.address ?? '' };
    let answer: ProfileResponse;
    try {
      answer = await updateProfile(body).unwrap();
    } catch (error) {
      setFailure(showServerErrors(error, setError, { fullName: 'fullName', phoneNumber: 'phoneNumber', address: 'address' }));
      return;
    }
    // The server's answer is the profile as stored (an empty address keeps the stored one); without one, what was sent.
    if (user) {
      const stored = answer?.id !== undefined ? answer : { ...body, address: body.address || user.address };
      dispatch(userUpdated(toSessionUser({ ...user, ...stored })));
    }
    setSaved(true);
  }

  const field = (name: keyof ProfileValues) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setFailure(null);
        setSaved(false);
      },
    });

  return (
    <Card title="Profile">
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {saved && <Alert variant="success">{PROFILE_SAVED}</Alert>}
        <div className={styles.grid}>
          <TextField label="Full Name" autoComplete="name" containerClassName={styles.span2} error={errors.fullName?.message} {...field('fullName')} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" error={errors.phoneNumber?.message} {...field('phoneNumber')} />
          <TextField label="Address" hint="Optional" autoComplete="street-address" error={errors.address?.message} {...field('address')} />
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
