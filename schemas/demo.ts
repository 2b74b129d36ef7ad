/** The demo-mode answers (not calls of §7): the root page's organisations and the demo mailbox. */

export interface DemoOrganization {
  orgId: string;
  orgName: string;
  description: string;
}

/** One mail of `GET /rest/demo/mails?orgId`, as the demo mailbox `/mails` lists it. */
export interface DemoMail {
  mailId: number;
  recipient: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
}
