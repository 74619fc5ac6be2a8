import { FormattedMessage } from 'react-intl';

/** The '·' between a card's facts: decoration, so screen readers skip it. */
export function Dot() {
  return (
    <span aria-hidden>
      <FormattedMessage id="shows.separator" defaultMessage="·" />
    </span>
  );
}
