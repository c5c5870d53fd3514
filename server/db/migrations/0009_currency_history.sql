CREATE TABLE "exchange_rate_history" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"per_usd" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rate_history_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
CREATE TABLE "exchange_rate_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"attempt_finished_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"provider" text
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "day" date;