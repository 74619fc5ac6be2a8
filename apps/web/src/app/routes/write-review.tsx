import {
  createReviewSchema,
  errorCodes,
  reviewLimits,
  reviewMessages,
  updateReviewSchema,
  type Review,
  type ShowDetail,
} from '@series-tracker/contracts';
import { ChevronRight, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { CoverImage } from '@/components/ui/cover-image';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/features/auth/hooks/use-auth';
import {
  useCreateReview,
  useMyShowReview,
  useReview,
  useUpdateReview,
} from '@/features/reviews/api/reviews';
import { ShowPicker } from '@/features/reviews/components/show-picker';
import { useShow } from '@/features/shows/api/get-show';
import { loginPathFor } from '@/features/tracking/hooks/use-require-sign-in';
import { isApiError } from '@/lib/api-client';
import { draftKey, useDraft } from '@/lib/drafts';
import { formatCount } from '@/lib/format';
import { pageTitle } from '@/lib/site';
import { parseId } from './route-id';

type Field = 'showId' | 'title' | 'content' | 'rating';
type Errors = Partial<Record<Field, string>>;

interface Draft {
  title: string;
  content: string;
  rating: number;
  isSpoiler: boolean;
  isPublic: boolean;
}

const crumbLink =
  'rounded text-violet-300 underline decoration-violet-300/40 underline-offset-4 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

/** /reviews/write (optional showId; reviewId edits): signed-in only, visitors sign in first. */
export function WriteReviewRoute() {
  const { status, user } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const reviewId = parseId(params.get('reviewId') ?? undefined);
  const showId = parseId(params.get('showId') ?? undefined);
  if (status === 'anonymous') return <Navigate to={loginPathFor(location)} replace />;
  if (status !== 'authenticated' || !user) {
    return (
      <Shell title="Write a Review">
        {status === 'unavailable' ? (
          <FormAlert>Could not check your sign-in. Check your connection and try again.</FormAlert>
        ) : (
          <FormSkeleton />
        )}
      </Shell>
    );
  }
  if (reviewId !== null) return <EditReview key={reviewId} id={reviewId} userId={user.id} />;
  return <NewReview key={showId ?? 0} initialShowId={showId} userId={user.id} />;
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1.5 text-sm text-slate-400">
          <li>
            <Link to="/reviews" className={crumbLink}>
              Reviews
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-slate-200">
            {title === 'Edit Review' ? 'Edit Review' : 'Write Review'}
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {title}
      </h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="space-y-4" data-testid="write-review-skeleton">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function NewReview({ initialShowId, userId }: { initialShowId: number | null; userId: number }) {
  const [showId, setShowId] = useState<number | null>(initialShowId);
  const [showError, setShowError] = useState<string | undefined>();
  const create = useCreateReview();
  const navigate = useNavigate();
  const existing = useMyShowReview(showId);
  const [conflictId, setConflictId] = useState<number | null>(null);
  const alreadyId = existing.data?.id ?? conflictId;

  // Opened for a show the member already reviewed (the show page's link): their review's
  // edit form, not an empty one (issue 22). A show picked here says so and links to it.
  // (Not once this form has published: that review is the one it is about to open.)
  if (initialShowId !== null && existing.data && create.isIdle)
    return <Navigate to={`/reviews/write?reviewId=${existing.data.id}`} replace />;

  return (
    <Shell title="Write a Review">
      {showId === null ? (
        <ShowPicker
          error={showError}
          onPick={(id) => {
            setShowId(id);
            setShowError(undefined);
          }}
        />
      ) : (
        <ReviewingCard
          showId={showId}
          onChange={initialShowId === null ? () => setShowId(null) : undefined}
        />
      )}
      {alreadyId ? (
        <div className="mt-4">
          <FormAlert>
            {reviewMessages.alreadyReviewed}{' '}
            <Link
              to={`/reviews/write?reviewId=${alreadyId}`}
              className="font-semibold underline underline-offset-4"
            >
              Edit your review instead
            </Link>
          </FormAlert>
        </div>
      ) : null}
      <ReviewForm
        draftKey={draftKey(userId, `review:new:${showId ?? 'none'}`)}
        submitLabel="Publish Review"
        pendingLabel="Publishing..."
        pending={create.isPending}
        failure={
          create.isError && !(isApiError(create.error) && create.error.status === 409)
            ? reviewMessages.createFailed
            : undefined
        }
        validate={(draft) => {
          const parsed = createReviewSchema.safeParse({ ...draft, showId: showId ?? undefined });
          const errors = fieldErrors(parsed.success ? [] : parsed.error.issues);
          if (errors.showId) setShowError(errors.showId);
          return errors;
        }}
        onSubmit={(draft, setErrors, published) => {
          if (showId === null) return;
          create.mutate(
            { ...draft, showId },
            {
              onSuccess: (review) => {
                published();
                void navigate(`/review/${review.id}`);
              },
              onError: (error) => {
                if (
                  isApiError(error) &&
                  error.code === errorCodes.conflict &&
                  error.details?.reviewId
                )
                  setConflictId(Number(error.details.reviewId));
                if (isApiError(error) && error.status === 400 && error.details)
                  setErrors(error.details as Errors);
              },
            },
          );
        }}
      />
    </Shell>
  );
}

function EditReview({ id, userId }: { id: number; userId: number }) {
  const query = useReview(id);
  const update = useUpdateReview(id);
  const navigate = useNavigate();
  if (query.isPending)
    return (
      <Shell title="Edit Review">
        <FormSkeleton />
      </Shell>
    );
  if (query.isError || query.data.userId !== userId) {
    const missing = !query.isError || (isApiError(query.error) && query.error.status === 404);
    return (
      <Shell title="Edit Review">
        {missing ? (
          <FormAlert>
            The review you&apos;re looking for doesn&apos;t exist or has been removed.{' '}
            <Link to="/reviews" className="font-semibold underline underline-offset-4">
              Back to Reviews
            </Link>
          </FormAlert>
        ) : (
          <ErrorState
            title="Error Loading Review"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </Shell>
    );
  }
  const review: Review = query.data;
  return (
    <Shell title="Edit Review">
      <ReviewingCard showId={review.showId} />
      <ReviewForm
        initial={review}
        draftKey={draftKey(userId, `review:${review.id}`)}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        failure={update.isError ? 'Failed to save your review. Please try again.' : undefined}
        validate={(draft) => {
          const parsed = updateReviewSchema.safeParse(draft);
          return fieldErrors(parsed.success ? [] : parsed.error.issues);
        }}
        onSubmit={(draft, setErrors, published) =>
          update.mutate(draft, {
            onSuccess: () => {
              published();
              void navigate(`/review/${id}`);
            },
            onError: (error) => {
              if (isApiError(error) && error.status === 400 && error.details)
                setErrors(error.details as Errors);
            },
          })
        }
      />
    </Shell>
  );
}

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** 'Reviewing:' the chosen show (spec §2). */
function ReviewingCard({
  showId,
  onChange,
}: {
  showId: number;
  onChange?: (() => void) | undefined;
}) {
  const query = useShow(showId);
  return (
    <div className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Reviewing:</p>
        {onChange ? (
          <Button variant="ghost" size="sm" onClick={onChange}>
            <X aria-hidden className="size-4" />
            Change show
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="mt-2 flex gap-3">
          <Skeleton className="aspect-[2/3] w-16" />
          <Skeleton className="h-5 w-48" />
        </div>
      ) : query.isError ? (
        <div className="mt-2">
          <FormAlert>
            {reviewMessages.showLoadFailed}{' '}
            {isApiError(query.error) && query.error.status === 404
              ? 'No show has this number.'
              : null}
          </FormAlert>
        </div>
      ) : (
        <ShowSummaryRow show={query.data} />
      )}
    </div>
  );
}

function ShowSummaryRow({ show }: { show: ShowDetail }) {
  return (
    <div className="mt-2 flex gap-3">
      <CoverImage
        src={show.coverThumbUrl ?? show.coverImageUrl}
        title={show.title}
        showTitle={false}
        className="aspect-[2/3] w-16 shrink-0 rounded-lg"
      />
      <div className="min-w-0">
        <Link
          to={`/show/${show.id}`}
          className="font-semibold text-white hover:text-violet-200 hover:underline"
        >
          {show.title}
        </Link>
        {show.titleEnglish && show.titleEnglish !== show.title ? (
          <p className="text-sm text-slate-400">{show.titleEnglish}</p>
        ) : null}
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-400">
          {show.episodes !== null ? <span>{formatCount(show.episodes)} episodes</span> : null}
          <StatusBadge status={show.status} />
        </p>
      </div>
    </div>
  );
}

const isDraftEmpty = (draft: Draft) => !draft.title.trim() && !draft.content.trim();

function ReviewForm({
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
  validate: (draft: Draft) => Errors;
  /** `published` forgets the draft once the server has it. */
  onSubmit: (draft: Draft, setErrors: (errors: Errors) => void, published: () => void) => void;
}) {
  const [start] = useState<Draft>(() => ({
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
  const [errors, setErrors] = useState<Errors>({});
  const contentId = useId();
  const ratingId = useId();

  function change<K extends keyof Draft>(key: K, value: Draft[K]) {
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
          Your unpublished draft was restored from this device.
        </p>
      ) : null}
      <div className="space-y-2">
        <label
          htmlFor={ratingId}
          className="flex items-baseline justify-between text-sm font-medium text-slate-200"
        >
          Rating
          <span className="text-lg font-bold text-white tabular-nums">{draft.rating}/10</span>
        </label>
        <input
          id={ratingId}
          type="range"
          min={reviewLimits.ratingMin}
          max={reviewLimits.ratingMax}
          step={reviewLimits.ratingStep}
          value={draft.rating}
          aria-valuetext={`${draft.rating} out of 10`}
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
        label="Review Title"
        value={draft.title}
        dir="auto"
        maxLength={reviewLimits.titleInputMax}
        onChange={(e) => change('title', e.target.value)}
        error={errors.title}
        labelAside={
          <span className="text-xs text-slate-400 tabular-nums">
            {draft.title.length}/{reviewLimits.titleInputMax}
          </span>
        }
      />

      <div className="space-y-1.5">
        <label htmlFor={contentId} className="text-sm font-medium text-slate-200">
          Review Content
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
          <p className="text-xs text-slate-400">Plain text: paragraphs and line breaks are kept.</p>
        )}
      </div>

      <div className="space-y-3">
        <Checkbox
          checked={draft.isSpoiler}
          onChange={(v) => change('isSpoiler', v)}
          label="This review contains spoilers"
        />
        <Checkbox
          checked={draft.isPublic}
          onChange={(v) => change('isPublic', v)}
          label="Make this review public"
        />
      </div>

      {failure ? <FormAlert>{failure}</FormAlert> : null}

      <div className="flex flex-wrap justify-end gap-3">
        {hasDraft ? (
          <Button variant="ghost" onClick={discard} className="mr-auto">
            Discard draft
          </Button>
        ) : null}
        <Link to="/reviews" className={buttonStyles({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Checkbox({
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
