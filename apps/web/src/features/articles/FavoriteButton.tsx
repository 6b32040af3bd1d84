import { ActionIcon, Tooltip } from '@mantine/core';
import { CONTENT_MESSAGES } from '@portico/shared';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

export function FavoriteButton({ isFavorite, title, onToggle }: { isFavorite: boolean; title: string; onToggle: () => void }) {
  const label = `${isFavorite ? CONTENT_MESSAGES.removeFavorite : CONTENT_MESSAGES.addFavorite}: ${title}`;
  return (
    <Tooltip label={isFavorite ? CONTENT_MESSAGES.removeFavorite : CONTENT_MESSAGES.addFavorite}>
      <ActionIcon variant="subtle" color="yellow.8" onClick={onToggle} aria-label={label} aria-pressed={isFavorite}>
        {isFavorite ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
