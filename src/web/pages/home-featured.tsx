import type { GuideListReply } from '../../shared/schemas/guides';
import { GuideCard, GuideGrid } from '../features/guides';
import { SaveHeart } from '../features/saved-guides';
import { GuideCardChat } from './chat-buttons';

/**
 * The landing page's grid of guides, split from the page so the first paint carries less script;
 * the data is requested by the page itself, in parallel with this code.
 */
export default function HomeFeatured({
  data,
  isPending,
  isError,
  onRetry,
}: {
  data: GuideListReply | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  return (
    <GuideGrid
      guides={data?.data}
      isLoading={isPending}
      isError={isError}
      onRetry={onRetry}
      skeletonCount={8}
      renderCard={(g) => (
        <GuideCard
          guide={g}
          saveSlot={<SaveHeart guideId={g.id} saved={g.isSaved} />}
          chatSlot={<GuideCardChat guideId={g.id} name={g.user.fullName} />}
        />
      )}
    />
  );
}
