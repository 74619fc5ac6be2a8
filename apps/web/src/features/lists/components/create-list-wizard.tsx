import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorReason } from '@/lib/api-client';
import { apiFieldErrors, pickFieldErrors } from '@/lib/form-errors';
import { useCreateList } from '../api/lists';
import { showsText } from '../lib/list-format';
import {
  detailsBody,
  ListDetailsFields,
  validateListDetails,
  visibilityText,
  type ListDetailsErrors,
  type ListDetailsValue,
} from './list-details-fields';
import { RankedBadge, VisibilityBadge } from './list-badges';
import { Picked, Steps, wizardSteps, type PickedShow } from './wizard-picked';
import { ShowSearch } from './wizard-show-search';

export type { PickedShow } from './wizard-picked';
export {
  WIZARD_SEARCH_DELAY_MS,
  WIZARD_SEARCH_LIMIT,
  WIZARD_SEARCH_MIN,
} from './wizard-show-search';

/**
 * Create New List: 1 Details → 2 Add Shows (only once the details are valid) → 3 Review.
 * The list and its shows go to the server in ONE request, so a failure leaves nothing
 * half-made (the old screen posted the shows one by one).
 */
export function CreateListWizard({ initialShow }: { initialShow?: PickedShow | null }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const create = useCreateList();
  const [step, setStep] = useState(0);
  const [details, setDetails] = useState<ListDetailsValue>({
    name: '',
    description: '',
    isPublic: true,
    isRanked: false,
  });
  const [errors, setErrors] = useState<ListDetailsErrors>({});
  const [shows, setShows] = useState<PickedShow[]>(initialShow ? [initialShow] : []);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  function next() {
    const found = validateListDetails(details);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(1);
  }

  function submit() {
    if (create.isPending) return;
    create.mutate(
      { ...detailsBody(details), items: shows.map((s) => ({ showId: s.id })) },
      {
        onSuccess: (list) => void navigate(`/list/${list.id}`),
        onError: (error) => {
          const fields = pickFieldErrors(apiFieldErrors(error), ['name', 'description']);
          if (fields.name || fields.description) {
            setErrors(fields);
            setStep(0);
          }
        },
      },
    );
  }

  const stepTitle = intl.formatMessage(
    [wizardSteps.details, wizardSteps.shows, wizardSteps.review][step]!,
  );
  return (
    <div className="mt-8 space-y-8">
      <Steps current={step} />
      <section className="rounded-2xl border border-slate-800 bg-slate-900/40 p-4 sm:p-6">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="mb-5 text-xl font-bold text-white focus:outline-none"
        >
          {stepTitle}
        </h2>
        {step === 0 ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <ListDetailsFields value={details} onChange={setDetails} errors={errors} />
            <div className="mt-6 flex justify-end">
              <Button type="submit" size="lg" disabled={!details.name.trim()}>
                <FormattedMessage id="lists.nextAddShows" defaultMessage="Next: Add Shows" />
              </Button>
            </div>
          </form>
        ) : step === 1 ? (
          <div className="space-y-6">
            <ShowSearch
              picked={shows}
              onPick={(show) =>
                setShows((current) =>
                  current.some((s) => s.id === show.id) ? current : [...current, show],
                )
              }
            />
            <div>
              <h3 className="mb-3 text-sm font-semibold text-slate-200" aria-live="polite">
                <FormattedMessage
                  id="lists.showsSelected"
                  defaultMessage="{count, plural, one {# show selected} other {# shows selected}}"
                  values={{ count: shows.length }}
                />
              </h3>
              <Picked
                shows={shows}
                ranked={details.isRanked}
                onRemove={(index) => setShows((current) => current.filter((_, i) => i !== index))}
                onMove={(from, to) =>
                  setShows((current) => {
                    const copy = [...current];
                    const [moved] = copy.splice(from, 1);
                    copy.splice(to, 0, moved!);
                    return copy;
                  })
                }
              />
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="secondary" size="lg" onClick={() => setStep(0)}>
                <FormattedMessage id="lists.backEditDetails" defaultMessage="Back: Edit Details" />
              </Button>
              <Button size="lg" onClick={() => setStep(2)}>
                <FormattedMessage id="lists.nextReview" defaultMessage="Next: Review & Create" />
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-6">
            <div>
              <div className="flex flex-wrap items-center gap-2">
                {details.isRanked ? <RankedBadge /> : null}
                <VisibilityBadge isPublic={details.isPublic} />
              </div>
              <p className="mt-3 text-2xl font-bold break-words text-white">
                {details.name.trim()}
              </p>
              {details.description.trim() ? (
                <p className="mt-2 break-words whitespace-pre-line text-slate-300">
                  {details.description.trim()}
                </p>
              ) : null}
              <p className="mt-2 text-sm text-slate-400">
                {intl.formatMessage(visibilityText(details.isPublic))}
              </p>
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold text-slate-200">
                {showsText(shows.length)}
              </h3>
              <Picked shows={shows} ranked={details.isRanked} />
            </div>
            {create.isError ? (
              <FormAlert>
                <FormattedMessage
                  id="lists.createFailed"
                  defaultMessage="Could not create the list: {reason}."
                  values={{ reason: errorReason(create.error) }}
                />
              </FormAlert>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button
                variant="secondary"
                size="lg"
                disabled={create.isPending}
                onClick={() => setStep(1)}
              >
                <FormattedMessage id="lists.backEditShows" defaultMessage="Back: Edit Shows" />
              </Button>
              <Button size="lg" disabled={create.isPending} onClick={submit}>
                {create.isPending ? (
                  <>
                    <Spinner />
                    <FormattedMessage id="lists.creating" defaultMessage="Creating..." />
                  </>
                ) : (
                  <FormattedMessage id="lists.createList" defaultMessage="Create List" />
                )}
              </Button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
