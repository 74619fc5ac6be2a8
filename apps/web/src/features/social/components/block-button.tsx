import type { ProfileUser } from '@series-tracker/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { activityKeys } from '@/features/activity/api/feed';
import { peopleKeys } from '@/features/users/api/people';
import { api, errorReason } from '@/lib/api-client';

/** Block (asks first: it ends follows both ways) or Unblock a member, from their profile. */
export function BlockButton({ profile }: { profile: ProfileUser }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = profile.displayName || profile.username;
  const blocked = profile.isBlocked ?? false;
  const mutation = useMutation({
    mutationFn: (block: boolean) =>
      block
        ? api.post<{ isBlocked: boolean }>(`/users/${profile.id}/block`)
        : api.delete<{ isBlocked: boolean }>(`/users/${profile.id}/block`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
    onError: (error) => toast.error(`Could not change the block: ${errorReason(error)}.`),
  });
  if (blocked) {
    return (
      <Button variant="ghost" disabled={mutation.isPending} onClick={() => mutation.mutate(false)}>
        {mutation.isPending ? 'Loading...' : 'Unblock'}
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" disabled={mutation.isPending} onClick={() => setAsking(true)}>
        Block
      </Button>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={`Block ${name}?`}
        description="You stop following each other. They cannot follow you, comment on your reviews or see your activity until you unblock them."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            className="bg-rose-600 hover:bg-rose-500"
            onClick={() => {
              mutation.mutate(true);
              setAsking(false);
            }}
          >
            Block
          </Button>
        </div>
      </Dialog>
    </>
  );
}
