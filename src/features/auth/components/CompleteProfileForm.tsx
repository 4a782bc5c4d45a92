import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { isApiError, serverMessageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useUpdateProfileMutation } from '../authApi';
import { selectCurrentUser, userUpdated } from '../authSlice';
import { completeProfileSchema, type AccountType, type CompleteProfileValues } from '../schemas';
import type { SessionUser } from '../types';
import styles from './AuthForm.module.css';
import { useSingleFlight } from './useSingleFlight';

const COMPLETE_PROFILE_FAILED = 'Failed to complete profile. Please try again.';

/**
 * Spec §6: the role field defaults to CUSTOMER (new social sign-in users). Decision: a user who already is an
 * EMPLOYEE keeps that role, so completing the profile never silently demotes them.
 */
function initialRole(user: SessionUser | null): AccountType {
  return user?.role === 'EMPLOYEE' ? 'EMPLOYEE' : 'CUSTOMER';
}

/** Phone number and address (spec §2 "Complete Profile", §5, §7 PUT /auth/update-profile, §8). */
export function CompleteProfileForm({ onCompleted }: { onCompleted: () => Promise<void> | void }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [updateProfile] = useUpdateProfileMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const once = useSingleFlight();

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompleteProfileValues>({
    resolver: yupResolver(completeProfileSchema),
    defaultValues: { phoneNumber: user?.phoneNumber ?? '', address: user?.address ?? '', role: initialRole(user) },
    // Validate on submit; errors clear as the user types (spec §5).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const clearOnEdit = (field: 'phoneNumber' | 'address') => () => {
    clearErrors(field);
    setServerError(null);
  };

  async function onSubmit(values: CompleteProfileValues) {
    setServerError(null);
    // Spec §7: exactly {phoneNumber, address ('' when none), role}; the schema has trimmed both fields.
    const role = values.role ?? 'CUSTOMER';
    const body = { phoneNumber: values.phoneNumber, address: values.address ?? '', role };
    try {
      await updateProfile(body).unwrap();
    } catch (error) {
      setServerError(serverMessageOf(error) ?? COMPLETE_PROFILE_FAILED);
      // A 400's field errors also land on their fields.
      const fieldErrors = isApiError(error) ? error.errors : undefined;
      for (const field of ['phoneNumber', 'address'] as const) {
        const message = fieldErrors?.[field];
        if (message) setError(field, { type: 'server', message });
      }
      return;
    }
    // Spec §7: the local user copy is updated, roles set to the chosen role. An empty address never wipes a stored
    // one on the server (server/README.md), so the copy keeps it too.
    if (user) dispatch(userUpdated({ ...user, phoneNumber: body.phoneNumber, address: body.address || user.address, roles: [role], role }));
    await onCompleted();
  }

  return (
    <form className="form-stack" noValidate aria-label="Complete profile" onSubmit={(event) => void once(event, handleSubmit(onSubmit))}>
      {serverError && <Alert variant="error">{serverError}</Alert>}
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber', { onChange: clearOnEdit('phoneNumber') })}
      />
      <TextField
        label="Address"
        hint="Optional"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address', { onChange: clearOnEdit('address') })}
      />
      {/* Spec §6: the role travels with the form but is never shown as an input. */}
      <input type="hidden" {...register('role')} />
      <Button type="submit" fullWidth size="lg" loading={isSubmitting} className={styles.submit}>
        Complete Profile
      </Button>
    </form>
  );
}
