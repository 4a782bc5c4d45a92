import type { FastifyInstance } from 'fastify';
import {
  CONTACT_MESSAGES,
  ContactMessage,
  ContactMessageBody,
  ContactMessageListQuery,
  ContactMessagePage,
  ContactMessageParams,
  ContactReceipt,
  NewsletterBody,
  NewsletterSubscriberListQuery,
  NewsletterSubscriberPage,
  NewsletterSubscriberParams,
} from '../contract/contact';
import { viewerOf } from '../plugins/authenticate';
import { typed } from '../plugins/typeProvider';
import type { ContactInbox } from './service';

/**
 * The contact domain: the landing page's contact form and newsletter box (anyone; each limited per client IP to
 * CONTACT_MESSAGES_PER_IP_PER_HOUR, every attempt counted before the body is read), and the admin's Messages page.
 */
export async function contactRoutes(scope: FastifyInstance, { inbox }: { inbox: ContactInbox }): Promise<void> {
  const app = typed(scope);
  const limits = app.rateLimits;
  const admin = app.requireRole('ADMIN');

  app.post('/contact', { schema: { body: ContactMessageBody, response: { 201: ContactReceipt } }, onRequest: limits.perIp(limits.rules.contactMessages) }, async (request, reply) => {
    await inbox.receive(request.body);
    reply.status(201);
    return { message: CONTACT_MESSAGES.received };
  });

  app.post('/newsletter', { schema: { body: NewsletterBody, response: { 200: ContactReceipt } }, onRequest: limits.perIp(limits.rules.newsletter) }, async (request) => {
    await inbox.subscribe(request.body.email);
    return { message: CONTACT_MESSAGES.subscribed };
  });

  app.get('/contact-messages', { schema: { querystring: ContactMessageListQuery, response: { 200: ContactMessagePage } }, onRequest: admin }, async (request) =>
    inbox.list(request.query),
  );

  app.post('/contact-messages/:id/read', { schema: { params: ContactMessageParams, response: { 200: ContactMessage } }, onRequest: admin }, async (request) =>
    inbox.markRead(viewerOf(request).id, request.params.id),
  );

  app.get(
    '/newsletter-subscribers',
    { schema: { querystring: NewsletterSubscriberListQuery, response: { 200: NewsletterSubscriberPage } }, onRequest: admin },
    async (request) => inbox.subscribers(request.query),
  );

  app.delete('/newsletter-subscribers/:id', { schema: { params: NewsletterSubscriberParams }, onRequest: admin }, async (request, reply) => {
    await inbox.unsubscribe(request.params.id);
    return reply.status(204).send();
  });
}
