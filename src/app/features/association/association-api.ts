import { queryOptions } from '@tanstack/react-query';
import type { Association, AssociationSettings } from '../../../shared/association.ts';
import type { AssociationChanges } from '../../../shared/association-api.ts';
import type { AssociationPreview } from '../../../shared/association-schema.ts';
import { apiGet, apiPost, apiPut } from '../../lib/api.ts';
import { apiUpload } from '../../lib/api-upload.ts';
import { associationKeys } from '../../lib/association.ts';

/** The admin's side of the association profile: the profile to edit, its changes, the save, the undo, the logo. */

export type { AssociationChange } from '../../../shared/association-api.ts';

/** The profile's query is the app's (lib/association.ts: the top bar and every screen read it); its changes are the admin's. */
export const changesKey = [...associationKeys.all, 'changes'] as const;

export const associationChangesQuery = () =>
  queryOptions({
    queryKey: changesKey,
    queryFn: () => apiGet<AssociationChanges>('/admin/association/changes', { auth: true, fresh: true }),
  });

export const previewChange = (patch: Partial<AssociationSettings>) =>
  apiPut<AssociationPreview>('/admin/association', { ...patch, dry_run: true }, { auth: true });

export const saveChange = (patch: Partial<AssociationSettings>) =>
  apiPut<Association>('/admin/association', patch, { auth: true });

export const undoChange = (id: number) =>
  apiPost<Association>(`/admin/association/changes/${id}/undo`, {}, { auth: true });

export const uploadLogo = (file: File, onProgress: (pct: number) => void) =>
  apiUpload<Association>('/admin/association/logo', file, onProgress);
