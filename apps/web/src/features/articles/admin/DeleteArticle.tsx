import { ARTICLE_ADMIN_MESSAGES as M } from '@portico/shared';
import { ConfirmDialog } from '../../../ui/inbox/ConfirmDialog';
import { toast } from '../../../ui/notify';
import { useArticleMutations } from './hooks';

/** "Are you sure you wish to delete this article?", then the delete call and its toast (seed 002 section 8). */
export function DeleteArticle({
  article,
  onDone,
}: {
  article: { id: number; title: string } | null;
  onDone: (wasDeleted: boolean) => void;
}) {
  const { remove } = useArticleMutations();
  return (
    <ConfirmDialog
      opened={!!article}
      text={M.deleteConfirm}
      confirmLabel="Delete"
      onCancel={() => onDone(false)}
      onConfirm={() => {
        if (!article) return;
        remove.mutate(article.id, {
          onSuccess: () => {
            toast('success', M.deleted);
            onDone(true);
          },
          onError: (error) => {
            toast('failure', `${M.deleteFailed}${error.message}`);
            onDone(false);
          },
        });
      }}
    />
  );
}
