export { openConversation, useConversations } from './api/conversations';
export { messagingKeys } from './api/keys';
export { useNotificationSettings, useSaveNotificationSettings } from './api/system-messages';
export { useUnread } from './api/unread';
export { ChatThread } from './components/chat-thread';
export { ConversationRow } from './components/conversation-row';
export { SystemMessageList } from './components/system-message-list';
export { ChatWithGuideButton } from './window/chat-button';
export { ChatWindowHost } from './window/chat-window-host';
