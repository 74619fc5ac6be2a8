import { accountLimits, type CurrentUser } from '@series-tracker/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { storeUser, useRemoveAvatar } from '../api/account';
import { uploadAvatar } from '../api/upload-avatar';
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
      setState({ kind: 'error', message: 'The image must be 5 MB or smaller' });
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
      setState({ kind: 'saved', message: 'Avatar saved' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        kind: 'error',
        message: serverMessageOr(error, 'Could not upload the image. Please try again.'),
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
      onSuccess: () => setState({ kind: 'saved', message: 'Avatar removed' }),
      onError: (error) =>
        setState({
          kind: 'error',
          message: serverMessageOr(error, 'Could not remove the avatar. Please try again.'),
        }),
    });
  }

  const uploading = state.kind === 'uploading';
  const shown = preview ? { ...user, avatarUrl: preview } : user;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar user={shown} size="xl" alt={preview ? 'Preview of the new avatar' : 'Your avatar'} />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-label="Choose an avatar image"
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
            {user.avatarUrl ? 'Change avatar' : 'Upload avatar'}
          </Button>
          {user.avatarUrl ? (
            <Button variant="ghost" onClick={onRemove} disabled={uploading || remove.isPending}>
              <Trash2 aria-hidden className="size-4" />
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          ) : null}
        </div>
        <div id={statusId}>
          {uploading ? (
            <div className="space-y-1.5">
              <div
                role="progressbar"
                aria-label="Avatar upload"
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
                {state.percent < 100 ? `Uploading... ${state.percent}%` : 'Processing...'}
              </p>
            </div>
          ) : state.kind === 'saved' ? (
            <SavedNote>{state.message}</SavedNote>
          ) : state.kind === 'error' ? (
            <p role="alert" className="text-sm text-rose-300">
              {state.message}
            </p>
          ) : (
            <p className="text-xs text-slate-400">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          )}
        </div>
      </div>
    </div>
  );
}
