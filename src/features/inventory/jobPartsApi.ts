import type { AddJobPartBody, JobPartBody, JobPartList, PartPage, PartsShortageList } from '@contract/inventory';
import { api } from '@/api/api';

/**
 * The parts on jobs: what a job used and what is reserved for it (`JobParts`, by job id), and the open jobs short of
 * their kit (`Shortage`, one list for the board).
 */
export const JOB_PARTS_TAG_TYPES = ['JobParts', 'Shortage'] as const;
export type JobPartsTag = (typeof JOB_PARTS_TAG_TYPES)[number];

/** The picker's matches: the first few parts by SKU at the job's centre (typing more narrows them). */
export const PART_PICKER_SIZE = 10;

/** What the picker asks: part of a SKU or a name, at one centre. */
export interface PartSearch {
  centerId: string;
  q: string;
}

/** The parts lists are the inventory's tag (inventoryApi.ts): a job's usage moves their stock. */
const PART_LISTS = { type: 'Part', id: 'LIST' } as const;
const jobPath = (jobId: string) => `/appointments/${encodeURIComponent(jobId)}/parts`;

/** What a change of a job's parts makes stale: the job's parts, the part's stock (lists, the part, its history) and the shortages. */
const usageChanged = (jobId: string, partId: string) => [
  { type: 'JobParts' as const, id: jobId },
  PART_LISTS,
  { type: 'Part' as const, id: partId },
  { type: 'StockMovement' as const, id: partId },
  'Shortage' as const,
];

/** server/README.md "Parts and stock": parts on a job, and "Parts short". */
export const jobPartsApi = api.enhanceEndpoints({ addTagTypes: [...JOB_PARTS_TAG_TYPES, 'Part', 'StockMovement'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The parts used on a job and what is still reserved for it (whoever may see the job). */
    getJobParts: build.query<JobPartList, string>({
      query: (jobId) => jobPath(jobId),
      providesTags: (_result, _error, jobId) => [{ type: 'JobParts', id: jobId }],
    }),
    /** Adds units of a part to what the job used (taken from its reservation first, then the centre's free stock). */
    addJobPart: build.mutation<JobPartList, AddJobPartBody & { jobId: string }>({
      query: ({ jobId, ...body }) => ({ url: jobPath(jobId), method: 'POST', body }),
      invalidatesTags: (_result, _error, { jobId, partId }) => usageChanged(jobId, partId),
    }),
    /** Sets how many of a part the job used (0 returns them all to stock). */
    setJobPart: build.mutation<JobPartList, JobPartBody & { jobId: string; partId: string }>({
      query: ({ jobId, partId, ...body }) => ({ url: `${jobPath(jobId)}/${encodeURIComponent(partId)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { jobId, partId }) => usageChanged(jobId, partId),
    }),
    /** The picker's parts with their stock at the job's centre (technicians and admins). */
    findParts: build.query<PartPage, PartSearch>({
      query: ({ centerId, q }) => ({ url: '/parts', params: { centerId, q, limit: PART_PICKER_SIZE } }),
      providesTags: [PART_LISTS],
    }),
    /** Every open job whose kit is not covered at its centre (admins). */
    getShortages: build.query<PartsShortageList, void>({
      query: () => '/parts/shortages',
      providesTags: ['Shortage'],
    }),
  }),
});

export const { useGetJobPartsQuery, useAddJobPartMutation, useSetJobPartMutation, useFindPartsQuery, useGetShortagesQuery } = jobPartsApi;
