import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/**
 * A password input: the member's current password (filled by password managers) or a new one
 * (`purpose="new"`, which they offer to generate); `onValue` takes what is typed.
 */
export function PasswordField({
  purpose = 'current',
  onValue,
  ...props
}: Omit<TextFieldProps, 'type' | 'autoComplete' | 'onChange'> & {
  purpose?: 'current' | 'new';
  onValue: (value: string) => void;
}) {
  return (
    <TextField
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      onChange={(event) => onValue(event.target.value)}
      {...props}
    />
  );
}
