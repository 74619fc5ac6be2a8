import { authLimits } from '@series-tracker/contracts';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

type NameFieldProps = Omit<TextFieldProps, 'name' | 'autoComplete' | 'maxLength'>;

/** The username input of sign-up and Settings: kept as typed (no capitals, no spelling fixes). */
export function UsernameField(props: NameFieldProps) {
  return (
    <TextField
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={authLimits.usernameMax}
      {...props}
    />
  );
}

/** The display name input of sign-up and Settings. */
export function DisplayNameField(props: NameFieldProps) {
  return (
    <TextField
      name="displayName"
      autoComplete="nickname"
      maxLength={authLimits.displayNameMax}
      {...props}
    />
  );
}
