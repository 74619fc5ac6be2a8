import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/**
 * The field for an authenticator or backup code, as the second sign-in step and "Confirm it's
 * you" ask for it: up to 20 characters kept as typed (no capitals, no spelling fixes).
 */
export function CodeField({
  onValue,
  ...props
}: Omit<TextFieldProps, 'name' | 'onChange'> & { onValue: (value: string) => void }) {
  return (
    <TextField
      name="code"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={20}
      onChange={(event) => onValue(event.target.value)}
      {...props}
    />
  );
}
