export { MessagesInbox as Component } from '@/features/contact';
