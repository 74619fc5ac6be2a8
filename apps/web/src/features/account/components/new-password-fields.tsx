import { useIntl } from 'react-intl';
import { PasswordField } from '@/components/forms/password-field';

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
  const intl = useIntl();
  return (
    <>
      <PasswordField
        purpose="new"
        label={intl.formatMessage({ id: 'account.newPassword', defaultMessage: 'New Password' })}
        name={name}
        value={password}
        error={errors[name]}
        onValue={onPassword}
      />
      <PasswordField
        purpose="new"
        label={intl.formatMessage({
          id: 'account.confirmNewPassword',
          defaultMessage: 'Confirm New Password',
        })}
        name="confirmPassword"
        value={confirm}
        error={errors.confirmPassword}
        onValue={onConfirm}
      />
    </>
  );
}
