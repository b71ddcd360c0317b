CREATE TABLE "stripe_refunds" (
	"payment_intent_id" text collate "C" PRIMARY KEY NOT NULL,
	"charge_id" text collate "C" NOT NULL,
	"event_id" text collate "C" NOT NULL,
	"refunded_at" bigint NOT NULL
);
