#pragma once

#include <QString>

#include <dlfcn.h>

// A system library opened on first use (dlopen), not linked, so that its loading does not
// weigh on the wizard's startup; its functions are looked up one by one.
struct DynamicLibrary
{
    explicit DynamicLibrary(const char *soname) : handle(dlopen(soname, RTLD_NOW | RTLD_LOCAL))
    {
        if (!handle)
            error = QString::fromLocal8Bit(dlerror());
    }

    // Sets `fn` to the function called `name`; `complete` stays true while all were found.
    template <class Fn> void resolve(Fn &fn, const char *name)
    {
        fn = handle ? reinterpret_cast<Fn>(dlsym(handle, name)) : nullptr;
        complete = complete && fn;
    }

    void *handle;
    QString error;
    bool complete = handle != nullptr;
};
