import { reviewLimits, type Review } from '@series-tracker/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { contractText } from '@/i18n/contract-text';
import { useDraft } from '@/lib/drafts';
import { outOfTen } from '../lib/format';
import { reviewWords } from '../lib/messages';
import { spoilerWarning } from './spoiler';

export type ReviewField = 'showId' | 'title' | 'content' | 'rating';
export type ReviewErrors = Partial<Record<ReviewField, string>>;

export interface ReviewDraft {
  title: string;
  content: string;
  rating: number;
  isSpoiler: boolean;
  isPublic: boolean;
}

/** The first message per field of a schema's issues, in the interface's language. */
export function reviewFieldErrors(
  issues: { path: PropertyKey[]; message: string }[],
): ReviewErrors {
  const errors: ReviewErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as ReviewField | undefined;
    if (field && !errors[field]) errors[field] = contractText(issue.message);
  }
  return errors;
}

const isDraftEmpty = (draft: ReviewDraft) => !draft.title.trim() && !draft.content.trim();

/** Rating, title, text and the two switches of a review; the text is kept as a draft on this device. */
export function ReviewForm({
  initial,
  draftKey: keepAs,
  submitLabel,
  pendingLabel,
  pending,
  failure,
  validate,
  onSubmit,
}: {
  initial?: Review;
  /** Where the unpublished text is kept on this device (lib/drafts). */
  draftKey: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure: string | undefined;
  validate: (draft: ReviewDraft) => ReviewErrors;
  /** `published` forgets the draft once the server has it. */
  onSubmit: (
    draft: ReviewDraft,
    setErrors: (errors: ReviewErrors) => void,
    published: () => void,
  ) => void;
}) {
  const intl = useIntl();
  const [start] = useState<ReviewDraft>(() => ({
    title: initial?.title ?? '',
    content: initial?.content ?? '',
    rating: initial?.rating ?? reviewLimits.ratingDefault,
    isSpoiler: initial?.isSpoiler ?? false,
    isPublic: initial?.isPublic ?? true,
  }));
  const {
    value: draft,
    set: setDraft,
    clear: published,
    discard,
    restored,
    hasDraft,
  } = useDraft(keepAs, start, isDraftEmpty);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const contentId = useId();
  const ratingId = useId();

  function change<K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    // Spec §4: a field's error clears when that field changes.
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(
      { ...draft, title: draft.title.trim(), content: draft.content.trim() },
      setErrors,
      published,
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-6">
      {restored ? (
        <p
          role="status"
          className="rounded-lg border border-violet-500/30 bg-violet-500/10 px-3 py-2 text-sm text-violet-100"
        >
          <FormattedMessage
            id="reviews.draftRestored"
            defaultMessage="Your unpublished draft was restored from this device."
          />
        </p>
      ) : null}
      <div className="space-y-2">
        <label
          htmlFor={ratingId}
          className="flex items-baseline justify-between text-sm font-medium text-slate-200"
        >
          {intl.formatMessage(reviewWords.rating)}
          <span className="text-lg font-bold text-white tabular-nums">
            {outOfTen(draft.rating)}
          </span>
        </label>
        <input
          id={ratingId}
          type="range"
          min={reviewLimits.ratingMin}
          max={reviewLimits.ratingMax}
          step={reviewLimits.ratingStep}
          value={draft.rating}
          aria-valuetext={intl.formatMessage(
            { id: 'reviews.ratingValue', defaultMessage: '{rating, number} out of 10' },
            { rating: draft.rating },
          )}
          onChange={(e) => change('rating', Number(e.target.value))}
          className="w-full accent-violet-500"
        />
        {errors.rating ? (
          <p role="alert" className="text-sm text-rose-300">
            {errors.rating}
          </p>
        ) : null}
      </div>

      <TextField
        label={intl.formatMessage({ id: 'reviews.titleLabel', defaultMessage: 'Review Title' })}
        value={draft.title}
        dir="auto"
        maxLength={reviewLimits.titleInputMax}
        onChange={(e) => change('title', e.target.value)}
        error={errors.title}
        labelAside={
          <span className="text-xs text-slate-400 tabular-nums">
            {intl.formatMessage(
              { id: 'reviews.titleLength', defaultMessage: '{count, number}/{max, number}' },
              { count: draft.title.length, max: reviewLimits.titleInputMax },
            )}
          </span>
        }
      />

      <div className="space-y-1.5">
        <label htmlFor={contentId} className="text-sm font-medium text-slate-200">
          <FormattedMessage id="reviews.contentLabel" defaultMessage="Review Content" />
        </label>
        <textarea
          id={contentId}
          rows={8}
          value={draft.content}
          dir="auto"
          maxLength={reviewLimits.contentMax}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${contentId}-error` : undefined}
          onChange={(e) => change('content', e.target.value)}
          className="block w-full rounded-lg border border-slate-700 bg-slate-900/80 px-3 py-2 text-base leading-relaxed text-slate-100 placeholder:text-slate-500 hover:border-slate-600 focus:outline-none focus-visible:border-violet-400 focus-visible:ring-2 focus-visible:ring-violet-400/70 aria-invalid:border-rose-500/70 sm:text-sm"
        />
        {errors.content ? (
          <p id={`${contentId}-error`} role="alert" className="text-sm text-rose-300">
            {errors.content}
          </p>
        ) : (
          <p className="text-xs text-slate-400">
            <FormattedMessage
              id="reviews.plainTextHint"
              defaultMessage="Plain text: paragraphs and line breaks are kept."
            />
          </p>
        )}
      </div>

      <div className="space-y-3">
        <Checkbox
          checked={draft.isSpoiler}
          onChange={(v) => change('isSpoiler', v)}
          label={intl.formatMessage(spoilerWarning)}
        />
        <Checkbox
          checked={draft.isPublic}
          onChange={(v) => change('isPublic', v)}
          label={intl.formatMessage({
            id: 'reviews.makePublic',
            defaultMessage: 'Make this review public',
          })}
        />
      </div>

      {failure ? <FormAlert>{failure}</FormAlert> : null}

      <div className="flex flex-wrap justify-end gap-3">
        {hasDraft ? (
          <Button variant="ghost" onClick={discard} className="me-auto">
            {intl.formatMessage(reviewWords.discardDraft)}
          </Button>
        ) : null}
        <Link to="/reviews" className={buttonStyles({ variant: 'secondary' })}>
          {intl.formatMessage(reviewWords.cancel)}
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function Checkbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-violet-500"
      />
      {label}
    </label>
  );
}
