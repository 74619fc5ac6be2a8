/**
 * An e-mail address in a sentence, bold, in its own direction; a long one breaks after its @
 * on a phone rather than at any letter.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <strong dir="auto" className="font-semibold text-white wrap-anywhere">
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </strong>
  );
}
