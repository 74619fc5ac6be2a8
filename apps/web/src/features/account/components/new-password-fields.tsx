import { TextField } from '@/components/ui/text-field';

/**
 * 'New Password' and 'Confirm New Password', as the reset-password page and Settings ask for
 * them; `name` is the new password's field name in the form's schema.
 */
export function NewPasswordFields({
  name,
  password,
  confirm,
  errors,
  onPassword,
  onConfirm,
}: {
  name: 'password' | 'newPassword';
  password: string;
  confirm: string;
  errors: Record<string, string>;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label="New Password"
        name={name}
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors[name]}
        onChange={(e) => onPassword(e.target.value)}
      />
      <TextField
        label="Confirm New Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirmPassword}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
