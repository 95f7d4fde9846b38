/** A bulk mutation of the API (`{ action, ids }`), as TanStack Query's useMutation gives it. */
interface BulkMutation<Action extends string> {
  isPending: boolean;
  mutate: (variables: { data: { action: Action; ids: number[] } }) => void;
}

/**
 * What a list's bulk bar and its confirm dialog act through, for the rows chosen: delete asks first
 * (`confirmingDelete`); the other actions run at once.
 */
export function bulkSelection<Action extends string>({
  ids,
  mutation,
  confirmingDelete,
  setConfirmingDelete,
  clear,
}: {
  ids: number[];
  mutation: BulkMutation<Action | 'delete'>;
  confirmingDelete: boolean;
  setConfirmingDelete: (confirming: boolean) => void;
  clear: () => void;
}) {
  return {
    count: ids.length,
    clear,
    pending: mutation.isPending,
    run: (action: Action) => {
      if (action === 'delete') setConfirmingDelete(true);
      else mutation.mutate({ data: { action, ids } });
    },
    confirmingDelete,
    confirmDelete: () => mutation.mutate({ data: { action: 'delete', ids } }),
    cancelDelete: () => setConfirmingDelete(false),
  };
}
