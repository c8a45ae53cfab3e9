/* A type system in the way of GObject's: object_new() calls each type's init function
 * through a pointer. A pad's init makes its stream lock; an encoder's init makes its
 * own stream lock and a sink pad; a queue's init makes a sink pad. The pads of the
 * two roles are of one type, made by one init site, and their creators tell them
 * apart (src/lock_creators.c). Named nowhere in liblockdep. Shared by the
 * instance_init_*.c scenarios. */
#ifndef INSTANCE_INIT_H
#define INSTANCE_INIT_H
#include "scenario.h"

struct type {
	const char *name;
	size_t size;
	void (*init)(void *object);
};

struct object {
	const struct type *type;
	char name[32];
	int refs;
};

static __attribute__((noinline)) void *object_new(const struct type *type, const char *name)
{
	struct object *object = calloc(1, type->size);

	if (!object)
		exit(2);
	object->type = type;
	object->refs = 1;
	snprintf(object->name, sizeof(object->name), "%s", name);
	type->init(object);
	return object;
}

struct pad {
	struct object object;
	pthread_mutex_t stream_lock;
	pthread_cond_t cond;
	int direction, flags;
	long offset;
	void *peer, *chain, *event, *query;
};

/* Large enough to be a type's init, not a lock maker (src/lock_makers.c). */
static __attribute__((noinline)) void pad_init(void *object)
{
	struct pad *pad = object;
	pthread_mutexattr_t attr;

	if (pthread_mutexattr_init(&attr) ||
	    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK) ||
	    pthread_mutex_init(&pad->stream_lock, &attr) ||
	    pthread_cond_init(&pad->cond, NULL))
		abort();
	pthread_mutexattr_destroy(&attr);
	pad->direction = strncmp(pad->object.name, "src", 3) ? 1 : 2;
	pad->flags = pad->object.name[0] == 's' ? 4 : 8;
	pad->offset = -1;
	pad->peer = pad->chain = pad->event = pad->query = NULL;
	if (getenv("INSTANCE_INIT_VERBOSE"))
		fprintf(stderr, "pad %s: direction %d, flags %d\n", pad->object.name,
			pad->direction, pad->flags);
}

static const struct type pad_type = { "pad", sizeof(struct pad), pad_init };

static __attribute__((noinline)) struct pad *pad_new(const char *name)
{
	return object_new(&pad_type, name);
}

struct encoder {
	struct object object;
	pthread_mutex_t stream_lock;
	struct pad *sinkpad;
};

static __attribute__((noinline)) void encoder_init(void *object)
{
	struct encoder *encoder = object;

	encoder->sinkpad = pad_new("sink");
	if (pthread_mutex_init(&encoder->stream_lock, NULL))
		abort();
}

static const struct type encoder_type = { "encoder", sizeof(struct encoder), encoder_init };

struct queue {
	struct object object;
	struct pad *sinkpad;
};

static __attribute__((noinline)) void queue_init(void *object)
{
	struct queue *queue = object;

	queue->sinkpad = pad_new("sink");
}

static const struct type queue_type = { "queue", sizeof(struct queue), queue_init };
#endif
