import { listLimits, listMessages } from '@series-tracker/contracts';
import { useId, type ChangeEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { contractText } from '@/i18n/contract-text';
import { cn } from '@/lib/cn';
import { counterText } from '../lib/list-format';

export interface ListDetailsValue {
  name: string;
  description: string;
  isPublic: boolean;
  isRanked: boolean;
}

export type ListDetailsErrors = Partial<Record<'name' | 'description', string>>;

/** Spec §5 list rules: trimmed name required, ≤ 100; description ≤ 500. */
export function validateListDetails(v: ListDetailsValue): ListDetailsErrors {
  const errors: ListDetailsErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = contractText(listMessages.nameRequired);
  else if (name.length > listLimits.nameMax) errors.name = contractText(listMessages.nameTooLong);
  if (v.description.trim().length > listLimits.descriptionMax)
    errors.description = contractText(listMessages.descriptionTooLong);
  return errors;
}

/** The body the API takes: trimmed, description left out when empty. */
export function detailsBody(v: ListDetailsValue) {
  const description = v.description.trim();
  return {
    name: v.name.trim(),
    ...(description ? { description } : {}),
    isPublic: v.isPublic,
    isRanked: v.isRanked,
  };
}

const visibility = defineMessages({
  public: { id: 'lists.visibilityPublic', defaultMessage: 'Anyone can see this list' },
  private: { id: 'lists.visibilityPrivate', defaultMessage: 'Only you can see this list' },
});

/** Who can see a list, in words: the toggle's description and the wizard's review. */
export const visibilityText = (isPublic: boolean) =>
  isPublic ? visibility.public : visibility.private;

const inputStyle =
  'block w-full rounded-lg border bg-slate-900/80 px-3 text-base text-slate-100 placeholder:text-slate-500 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/70 sm:text-sm';

type TextKey = keyof ListDetailsErrors;

/** A field's message under it, announced; nothing while it is fine. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-rose-300">
      {message}
    </p>
  );
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={cn('text-xs', length > max ? 'text-rose-300' : 'text-slate-400')}>
      {counterText(length, max)}
    </span>
  );
}

function Toggle({
  checked,
  onChange,
  label,
  description,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  description: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-800 bg-slate-900/50 p-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-100">
          {label}
        </label>
        <p id={`${id}-d`} className="mt-0.5 text-sm text-slate-400">
          {description}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-d`}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400',
          checked ? 'bg-violet-600' : 'bg-slate-600',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            // The knob travels toward the end: leftwards when the page reads right to left.
            checked
              ? 'translate-x-5.5 rtl:-translate-x-5.5'
              : 'translate-x-0.5 rtl:-translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

/** Name, description, visibility and ranking: step 1 of the wizard and the Edit dialog. */
export function ListDetailsFields({
  value,
  onChange,
  errors,
}: {
  value: ListDetailsValue;
  onChange: (next: ListDetailsValue) => void;
  errors: ListDetailsErrors;
}) {
  const id = useId();
  const intl = useIntl();
  const set = <K extends keyof ListDetailsValue>(key: K, v: ListDetailsValue[K]) =>
    onChange({ ...value, [key]: v });
  /** What the name input and the description box share: id, value, limit, error wiring. */
  const textProps = (key: TextKey, slug: string, max: number, size: string) => ({
    id: `${id}-${slug}`,
    value: value[key],
    maxLength: max,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': `${id}-${slug}-count${errors[key] ? ` ${id}-${slug}-error` : ''}`,
    className: cn(
      inputStyle,
      size,
      errors[key] ? 'border-rose-500/70' : 'border-slate-700 hover:border-slate-600',
    ),
  });
  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-200">
            <FormattedMessage id="lists.nameLabel" defaultMessage="List name" />
          </label>
          <Counter id={`${id}-name-count`} length={value.name.length} max={listLimits.nameMax} />
        </div>
        <input
          {...textProps('name', 'name', listLimits.nameMax, 'h-11')}
          placeholder={intl.formatMessage({
            id: 'lists.namePlaceholder',
            defaultMessage: 'e.g. Best Sci-Fi Series of the Decade',
          })}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-desc`} className="text-sm font-medium text-slate-200">
            <FormattedMessage
              id="lists.descriptionLabel"
              defaultMessage="Description <muted>(optional)</muted>"
              values={{
                muted: (chunks) => <span className="font-normal text-slate-400">{chunks}</span>,
              }}
            />
          </label>
          <Counter
            id={`${id}-desc-count`}
            length={value.description.length}
            max={listLimits.descriptionMax}
          />
        </div>
        <textarea
          {...textProps('description', 'desc', listLimits.descriptionMax, 'py-2')}
          rows={4}
          placeholder={intl.formatMessage({
            id: 'lists.descriptionPlaceholder',
            defaultMessage: 'What ties these shows together?',
          })}
        />
        <FieldError id={`${id}-desc-error`} message={errors.description} />
      </div>
      <Toggle
        label={intl.formatMessage({ id: 'lists.publicToggle', defaultMessage: 'Public list' })}
        checked={value.isPublic}
        onChange={(v) => set('isPublic', v)}
        description={intl.formatMessage(visibilityText(value.isPublic))}
      />
      <Toggle
        label={intl.formatMessage({ id: 'lists.rankedToggle', defaultMessage: 'Ranked list' })}
        checked={value.isRanked}
        onChange={(v) => set('isRanked', v)}
        description={
          value.isRanked
            ? intl.formatMessage({
                id: 'lists.rankedOn',
                defaultMessage: 'Shows are numbered #1, #2, … in the order you set',
              })
            : intl.formatMessage({
                id: 'lists.rankedOff',
                defaultMessage: 'Shows are listed newest first, without numbers',
              })
        }
      />
    </div>
  );
}
