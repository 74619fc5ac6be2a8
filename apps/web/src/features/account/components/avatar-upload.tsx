import { accountLimits, type CurrentUser } from '@series-tracker/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { storeUser, useRemoveAvatar } from '../api/account';
import { imageTooLarge, uploadAvatar } from '../api/upload-avatar';
import { SavedNote } from './settings-section';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'saved'; message: string }
  | { kind: 'error'; message: string };

/**
 * The avatar: the current picture (or letter), a preview of a chosen file while it uploads
 * with a progress bar, and Remove. The server decides what an image is; the size is checked
 * here only to spare a 5 MB upload that would be refused.
 */
export function AvatarUpload({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  /** Bumped when an upload ends, so a preview read too late is not shown. */
  const attemptRef = useRef(0);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const statusId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > accountLimits.avatarMaxBytes) {
      setState({ kind: 'error', message: imageTooLarge() });
      return;
    }
    // A data: URL, which the site's Content-Security-Policy allows for images (blob: it does not).
    const attempt = ++attemptRef.current;
    const reader = new FileReader();
    reader.onload = () => {
      if (attemptRef.current === attempt && typeof reader.result === 'string')
        setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    setState({ kind: 'uploading', percent: 0 });
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const updated = await uploadAvatar(
        file,
        ({ loaded, total }) =>
          setState({ kind: 'uploading', percent: Math.round((loaded / total) * 100) }),
        controller.signal,
      );
      storeUser(queryClient, updated);
      setState({
        kind: 'saved',
        message: intl.formatMessage({ id: 'account.avatarSaved', defaultMessage: 'Avatar saved' }),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        kind: 'error',
        message: serverMessageOr(
          error,
          intl.formatMessage({
            id: 'account.avatarUploadFailed',
            defaultMessage: 'Could not upload the image. Please try again.',
          }),
        ),
      });
    } finally {
      attemptRef.current++;
      setPreview(null);
      abortRef.current = null;
    }
  }

  function onRemove() {
    setState({ kind: 'idle' });
    remove.mutate(undefined, {
      onSuccess: () =>
        setState({
          kind: 'saved',
          message: intl.formatMessage({
            id: 'account.avatarRemoved',
            defaultMessage: 'Avatar removed',
          }),
        }),
      onError: (error) =>
        setState({
          kind: 'error',
          message: serverMessageOr(
            error,
            intl.formatMessage({
              id: 'account.avatarRemoveFailed',
              defaultMessage: 'Could not remove the avatar. Please try again.',
            }),
          ),
        }),
    });
  }

  const uploading = state.kind === 'uploading';
  const shown = preview ? { ...user, avatarUrl: preview } : user;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar
        user={shown}
        size="xl"
        alt={
          preview
            ? intl.formatMessage({
                id: 'account.avatarPreview',
                defaultMessage: 'Preview of the new avatar',
              })
            : intl.formatMessage({ id: 'account.yourAvatar', defaultMessage: 'Your avatar' })
        }
      />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-label={intl.formatMessage({
              id: 'account.chooseAvatar',
              defaultMessage: 'Choose an avatar image',
            })}
            aria-describedby={statusId}
            onChange={(event) => void onChoose(event)}
            disabled={uploading}
            tabIndex={-1}
          />
          <Button
            variant="secondary"
            onClick={() => inputRef.current?.click()}
            disabled={uploading || remove.isPending}
          >
            <ImageUp aria-hidden className="size-4" />
            {user.avatarUrl ? (
              <FormattedMessage id="account.changeAvatar" defaultMessage="Change avatar" />
            ) : (
              <FormattedMessage id="account.uploadAvatar" defaultMessage="Upload avatar" />
            )}
          </Button>
          {user.avatarUrl ? (
            <Button variant="ghost" onClick={onRemove} disabled={uploading || remove.isPending}>
              <Trash2 aria-hidden className="size-4" />
              {remove.isPending ? (
                <FormattedMessage id="account.removing" defaultMessage="Removing..." />
              ) : (
                <FormattedMessage id="account.removeAvatar" defaultMessage="Remove" />
              )}
            </Button>
          ) : null}
        </div>
        <div id={statusId}>
          {uploading ? (
            <div className="space-y-1.5">
              <div
                role="progressbar"
                aria-label={intl.formatMessage({
                  id: 'account.avatarUpload',
                  defaultMessage: 'Avatar upload',
                })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={state.percent}
                className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-800"
              >
                <div
                  className="h-full rounded-full bg-violet-500 transition-[width]"
                  style={{ width: `${state.percent}%` }}
                />
              </div>
              <p className="text-xs text-slate-400">
                {state.percent < 100 ? (
                  <FormattedMessage
                    id="account.uploading"
                    defaultMessage="Uploading... {percent}"
                    values={{
                      percent: intl.formatNumber(state.percent / 100, { style: 'percent' }),
                    }}
                  />
                ) : (
                  <FormattedMessage id="account.processing" defaultMessage="Processing..." />
                )}
              </p>
            </div>
          ) : state.kind === 'saved' ? (
            <SavedNote>{state.message}</SavedNote>
          ) : state.kind === 'error' ? (
            <p role="alert" className="text-sm text-rose-300">
              {state.message}
            </p>
          ) : (
            <p className="text-xs text-slate-400">
              <FormattedMessage
                id="account.avatarFormats"
                defaultMessage="JPEG, PNG, WebP or GIF, up to 5 MB."
              />
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
