import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/Alert';
import { PasswordField } from '@/components/PasswordField';
import { Select, type SelectOption } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { customerRegistrationSchema, employeeRegistrationSchema, type RegistrationValues } from '../schemas';
import { AuthFormActions } from './AuthFormActions';
import { useSingleFlight } from './useSingleFlight';

type FieldName = keyof RegistrationValues;

const FIELD_NAMES: readonly FieldName[] = ['fullName', 'email', 'phoneNumber', 'address', 'accountType', 'password', 'confirmPassword'];

/** Spec §2: the account type select offers exactly these two. */
const ACCOUNT_TYPE_OPTIONS: readonly SelectOption[] = [
  { value: 'CUSTOMER', label: 'Vehicle Owner (Customer)' },
  { value: 'EMPLOYEE', label: 'Service Technician (Employee)' },
];

export interface RegistrationFormProps {
  /** The customer form shows the Account Type select; the employee form does not (role forced to EMPLOYEE). */
  withAccountType: boolean;
  /** The failure banner (red), or null. */
  serverError: string | null;
  /** The user edited a field: the page drops its server error (spec §5). */
  onEdit: () => void;
  /** Resolves with the server's field errors on failure, so the form shows them beside the matching fields. */
  onRegister: (values: RegistrationValues) => Promise<Record<string, string> | undefined>;
}

/** The sign-up form both registration screens share (spec §2, §5). */
export function RegistrationForm({ withAccountType, serverError, onEdit, onRegister }: RegistrationFormProps) {
  const once = useSingleFlight();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationValues>({
    resolver: yupResolver(withAccountType ? customerRegistrationSchema : employeeRegistrationSchema),
    defaultValues: {
      fullName: '',
      email: '',
      phoneNumber: '',
      address: '',
      password: '',
      confirmPassword: '',
      // The employee form never renders this field: its role is forced to EMPLOYEE (spec §5).
      accountType: withAccountType ? 'CUSTOMER' : 'EMPLOYEE',
    },
    // Validate on submit; editing a field clears its error and the server error (spec §5).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const field = (name: FieldName) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        onEdit();
      },
    });

  async function onSubmit(values: RegistrationValues) {
    const fieldErrors = await onRegister(values);
    if (!fieldErrors) return;
    for (const name of FIELD_NAMES) {
      const message = fieldErrors[name];
      if (message) setError(name, { type: 'server', message });
    }
  }

  return (
    <form className="form-stack" noValidate aria-label="Create account" onSubmit={(event) => void once(event, handleSubmit(onSubmit))}>
      {serverError && <Alert variant="error">{serverError}</Alert>}
      <div className="form-grid">
        <TextField label="Full Name" autoComplete="name" containerClassName="form-span2" error={errors.fullName?.message} {...field('fullName')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...field('email')} />
        <TextField label="Phone Number" type="tel" autoComplete="tel" error={errors.phoneNumber?.message} {...field('phoneNumber')} />
        <TextField
          label="Address"
          hint="Optional"
          autoComplete="street-address"
          containerClassName="form-span2"
          error={errors.address?.message}
          {...field('address')}
        />
        {withAccountType && (
          <Select
            label="Account Type"
            options={ACCOUNT_TYPE_OPTIONS}
            containerClassName="form-span2"
            error={errors.accountType?.message}
            {...field('accountType')}
          />
        )}
        <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...field('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...field('confirmPassword')} />
      </div>
      <AuthFormActions submitLabel="Create Account" isSubmitting={isSubmitting} />
    </form>
  );
}
