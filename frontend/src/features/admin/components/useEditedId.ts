import { useParams } from 'react-router-dom';

/** The id in an editor's route (`/admin/edit/:id`, `/admin/pages/:id`), or null for a new record (none, or not a number). */
export function useEditedId(): number | null {
  const { id } = useParams();
  return id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
}
