import type { Job } from '@series-tracker/contracts';
import { jobMessages } from '@series-tracker/contracts';
import type { Jobs } from '../../platform/jobs/jobs';
import { authorize, type Viewer } from '../../platform/policy';

/** What a member may see of background jobs: their own, nothing else (not even existence). */
export function createJobsService({ jobs }: { jobs: Jobs }) {
  return {
    async get(viewer: Viewer, id: string): Promise<Job> {
      const job = await jobs.get(id);
      authorize(viewer, 'read', job && { kind: 'job', ownerId: job.userId }, jobMessages.notFound);
      const { userId: _owner, ...visible } = job!;
      return visible;
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
