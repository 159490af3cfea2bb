package widget

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/data/validation"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/stretchr/testify/assert"
)

func TestFormSize(t *testing.T) {
	form := &Form{Items: []*FormItem{
		{Text: "test1", Widget: NewEntry()},
		{Text: "test2", Widget: NewEntry()},
	}}

	assert.Len(t, form.Items, 2)
}

func TestForm_CreateRenderer(t *testing.T) {
	form := &Form{Items: []*FormItem{{Text: "test1", Widget: NewEntry()}}}
	assert.NotNil(t, test.TempWidgetRenderer(t, form))
	assert.Len(t, form.itemGrid.Objects, 2)

	form.Append("test2", NewEntry())
	assert.Len(t, form.itemGrid.Objects, 4)
}

func TestForm_Append(t *testing.T) {
	form := &Form{Items: []*FormItem{{Text: "test1", Widget: NewEntry()}}}
	assert.Len(t, form.Items, 1)

	form.Append("test2", NewEntry())
	assert.Len(t, form.Items, 2)

	item := &FormItem{Text: "test3", Widget: NewEntry()}
	form.AppendItem(item)
	assert.Len(t, form.Items, 3)
	assert.Equal(t, item, form.Items[2])
}

func TestForm_Append_Items(t *testing.T) {
	form := &Form{Items: []*FormItem{{Text: "test1", Widget: NewEntry()}}}
	assert.Len(t, form.Items, 1)
	renderer := test.TempWidgetRenderer(t, form)

	form.Items = append(form.Items, NewFormItem("test2", NewEntry()))
	assert.Len(t, form.Items, 2)

	form.Refresh()
	c := renderer.Objects()[0].(*fyne.Container).Objects[0].(*fyne.Container)
	assert.Equal(t, "test2", c.Objects[2].(*RichText).String())
}

func TestForm_CustomButtonsText(t *testing.T) {
	form := &Form{OnSubmit: func() {}, OnCancel: func() {}}
	form.Append("test", NewEntry())
	assert.Equal(t, "Submit", form.submitButton.Text)
	assert.Equal(t, "Cancel", form.cancelButton.Text)

	form.SubmitText = "Apply"
	form.CancelText = "Close"
	form.Refresh()
	assert.Equal(t, "Apply", form.submitButton.Text)
	assert.Equal(t, "Close", form.cancelButton.Text)
}

func TestForm_AddRemoveButton(t *testing.T) {
	scount := 0
	ccount := 0
	sscount := 10
	form := &Form{OnSubmit: func() {}, OnCancel: func() {}}
	form.Append("test", NewEntry())
	form.OnSubmit = func() { scount++ }
	form.OnCancel = func() { ccount++ }
	form.Refresh()

	test.Tap(form.submitButton)
	assert.Equal(t, 1, scount, "tapping submit should incr scount")

	test.Tap(form.cancelButton)
	assert.Equal(t, 1, ccount, "tapping cancel should incr ccount")

	form.OnSubmit = func() { sscount++ }
	form.Refresh()
	test.Tap(form.submitButton)
	assert.Equal(t, 11, sscount, "tapping new submit should incr sscount from 10 to 11")

	form.OnCancel = func() { sscount = sscount - 6 }
	form.Refresh()
	test.Tap(form.cancelButton)
	assert.Equal(t, 5, sscount, "tapping new cancel should decr ssount from 11 down to 5")
}

func TestForm_Renderer(t *testing.T) {
	test.NewTempApp(t)

	form := &Form{
		Items: []*FormItem{
			{Text: "test1", Widget: NewEntry()},
			{Text: "test2", Widget: NewEntry()},
		},
		OnSubmit: func() {}, OnCancel: func() {},
	}
	w := test.NewWindow(form)
	defer w.Close()

	test.AssertRendersToMarkup(t, "form/layout.xml", w.Canvas())
}

func TestForm_RemoveItem(t *testing.T) {
	mid := &FormItem{Text: "test2", Widget: NewEntry()}
	end := &FormItem{Text: "test3", Widget: NewEntry()}
	form := &Form{Items: []*FormItem{
		{Text: "test1", Widget: NewEntry()}, mid, end,
	}}
	assert.Len(t, form.Items, 3)

	form.RemoveItem(mid)
	assert.Len(t, form.Items, 2)
	assert.Equal(t, "test3", form.Items[1].Text)

	form.RemoveItem(end)
	assert.Len(t, form.Items, 1)
	assert.Equal(t, "test1", form.Items[0].Text)
}

func TestForm_ChangeText(t *testing.T) {
	item := NewFormItem("Test", NewEntry())
	form := NewForm(item)

	renderer := test.TempWidgetRenderer(t, form)
	c := renderer.Objects()[0].(*fyne.Container).Objects[0].(*fyne.Container)
	assert.Equal(t, "Test", c.Objects[0].(*RichText).String())

	item.Text = "Changed"
	form.Refresh()
	assert.Equal(t, "Changed", c.Objects[0].(*RichText).String())
}

func TestForm_ChangeItemWidget(t *testing.T) {
	oldEntry := NewEntry()
	item := NewFormItem("Test", oldEntry)
	form := NewForm(item)
	test.TempWidgetRenderer(t, form)

	assert.Equal(t, oldEntry, form.itemGrid.Objects[1])

	newEntry := NewEntry()
	item.Widget = newEntry
	form.Refresh()

	assert.Equal(t, newEntry, form.itemGrid.Objects[1])
}

func TestForm_ChangeItemWidget_ResetsValidation(t *testing.T) {
	test.NewTempApp(t)

	invalidEntry := &Entry{Validator: validation.NewRegexp(`^\d+$`, "must be numeric"), Text: "not-a-number"}
	item := NewFormItem("Test", invalidEntry)
	form := &Form{Items: []*FormItem{item}, OnSubmit: func() {}}
	test.NewTempWindow(t, form)

	assert.True(t, item.invalid)
	assert.Error(t, item.validationError)
	assert.True(t, form.submitButton.Disabled())

	item.Widget = NewLabel("static") // not fyne.Validatable
	form.Refresh()

	assert.False(t, item.invalid)
	assert.NoError(t, item.validationError)
	assert.False(t, form.submitButton.Disabled())
}

func TestForm_ChangeItemWidget_ResetsWasFocused(t *testing.T) {
	test.NewTempApp(t)

	entry := &Entry{}
	item := &FormItem{Text: "Test", Widget: entry, HintText: "a hint"}
	form := &Form{Items: []*FormItem{item}}
	test.NewTempWindow(t, form)

	entry.FocusGained()
	entry.FocusLost()
	form.Refresh()
	assert.True(t, item.wasFocused)

	item.Widget = &Entry{}
	form.Refresh()

	assert.False(t, item.wasFocused)
}

func TestForm_ChangeItemWidget_DetachesOldWidget(t *testing.T) {
	test.NewTempApp(t)

	oldEntry := &Entry{Validator: validation.NewRegexp(`^\d+$`, "must be numeric")}
	item := NewFormItem("Test", oldEntry)
	form := &Form{Items: []*FormItem{item}, OnSubmit: func() {}}
	test.NewTempWindow(t, form)

	item.Widget = &Entry{}
	form.Refresh()

	// oldEntry is no longer part of the form; validating it must not write into item.
	oldEntry.Text = "not-a-number"
	oldEntry.Validate()

	assert.False(t, item.invalid)
	assert.NoError(t, item.validationError)
}

func TestForm_ChangeItemWidget_ClearsHelperOutput(t *testing.T) {
	test.NewTempApp(t)

	entry := &Entry{Validator: validation.NewRegexp(`^\d+$`, "must be numeric"), Text: "not-a-number"}
	item := NewFormItem("Test", entry)
	form := &Form{Items: []*FormItem{item}, OnSubmit: func() {}}
	test.NewTempWindow(t, form)

	assert.NotNil(t, item.helperOutput)

	item.Widget = NewLabel("static")
	form.Refresh()

	assert.Nil(t, item.helperOutput)
}

func TestForm_ChangeTheme(t *testing.T) {
	test.NewTempApp(t)

	form := &Form{
		Items: []*FormItem{
			{Text: "test1", Widget: NewEntry()},
			{Text: "test2", Widget: NewLabel("static")},
		},
		OnSubmit: func() {}, OnCancel: func() {},
	}
	w := test.NewWindow(form)
	defer w.Close()

	test.AssertImageMatches(t, "form/theme_initial.png", w.Canvas().Capture())

	test.WithTestTheme(t, func() {
		form.Refresh()
		w.Resize(form.MinSize().Add(fyne.NewSize(theme.InnerPadding(), theme.InnerPadding())))
		test.AssertImageMatches(t, "form/theme_changed.png", w.Canvas().Capture())
	})
}

func TestForm_Disabled(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	disabled := NewEntry()
	disabled.Disable()
	f := NewForm(
		NewFormItem("Form Item 1", NewEntry()),
		NewFormItem("Form Item 2", disabled),
	)

	w := test.NewWindow(f)
	defer w.Close()

	test.AssertImageMatches(t, "form/disabled.png", w.Canvas().Capture())
}

func TestForm_Hints(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	entry1 := &Entry{}
	entry2 := &Entry{Validator: validation.NewRegexp(`^\w{3}-\w{5}$`, "Input is not valid"), Text: "wrong"}
	items := []*FormItem{
		{Text: "First", Widget: entry1, HintText: "An entry hint"},
		{Text: "Second", Widget: entry2},
	}

	form := &Form{Items: items, OnSubmit: func() {}, OnCancel: func() {}}
	entry2.FocusGained()
	entry2.FocusLost()
	w := test.NewWindow(form)
	defer w.Close()

	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/hint_initial.png", w.Canvas().Capture())

	test.Type(entry2, "n")
	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/hint_invalid.png", w.Canvas().Capture())

	test.Type(entry2, "ot-")
	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/hint_valid.png", w.Canvas().Capture())
}

func TestForm_Required(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	entry1 := &Entry{Text: "anything"}
	entry2 := &Entry{}
	items := []*FormItem{
		{Text: "First", Widget: entry1},
		{Text: "Second", Widget: entry2, Required: true},
	}

	form := &Form{Items: items, OnSubmit: func() {}, OnCancel: func() {}}
	w := test.NewWindow(form)
	defer w.Close()

	label1 := form.itemGrid.Objects[0].(*RichText)
	label2 := form.itemGrid.Objects[2].(*RichText)
	assert.Equal(t, "First", label1.String())
	assert.Equal(t, "* Second", label2.String())
	assert.True(t, form.submitButton.Disabled())

	test.Type(entry2, "thing")
	assert.False(t, form.submitButton.Disabled())

	entry2.SetText("")
	assert.True(t, form.submitButton.Disabled())

	form.Items[1].Required = false
	form.Refresh()
	assert.Equal(t, "Second", label2.String())
	assert.False(t, form.submitButton.Disabled())
}

func TestForm_Validation(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	entry1 := &Entry{Validator: validation.NewRegexp(`^\d{2}-\w{4}$`, "Input is not valid"), Text: "15-true"}
	entry2 := &Entry{Validator: validation.NewRegexp(`^\w{3}-\w{5}$`, "Input is not valid"), Text: "wrong"}
	entry3 := &Entry{}
	items := []*FormItem{
		{Text: "First", Widget: entry1},
		{Text: "Second", Widget: entry2},
		{Text: "Third", Widget: entry3},
	}

	form := &Form{Items: items, OnSubmit: func() {}, OnCancel: func() {}}
	w := test.NewWindow(form)
	defer w.Close()

	test.AssertImageMatches(t, "form/validation_initial.png", w.Canvas().Capture())

	entry1.SetText("incorrect")
	test.Type(entry2, "not-")
	form.Refresh() // this was expecting a full refresh during type
	w = test.NewTempWindow(t, form)

	test.AssertImageMatches(t, "form/validation_invalid.png", w.Canvas().Capture())

	entry1.SetText("15-true")
	w = test.NewTempWindow(t, form)

	test.AssertImageMatches(t, "form/validation_valid.png", w.Canvas().Capture())
}

func TestForm_Validator(t *testing.T) {
	test.NewTempApp(t)

	valid := false
	form := &Form{
		Items:    []*FormItem{{Text: "First", Widget: &Entry{Text: "value"}}},
		OnSubmit: func() {},
		Validator: func() error {
			if !valid {
				return errors.New("form is not valid yet")
			}
			return nil
		},
	}
	test.NewTempWindow(t, form)

	assert.True(t, form.submitButton.Disabled())

	valid = true
	form.Refresh()
	assert.False(t, form.submitButton.Disabled())

	valid = false
	form.Refresh()
	assert.True(t, form.submitButton.Disabled())
}

func TestForm_Validation_Reset(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	slide := NewSlider(0, 5)
	entry := &Entry{Validator: validation.NewRegexp(`^\w{3}-\w{5}$`, "Input is not valid"), Text: "wrong"}
	items := []*FormItem{
		{Text: "Slide", Widget: slide},
		{Text: "Input", Widget: entry},
	}

	form := &Form{Items: items, OnSubmit: func() {}, OnCancel: func() {}}
	w := test.NewWindow(form)
	defer w.Close()

	w.Canvas().Focus(entry)
	form.Items = []*FormItem{}
	w.Canvas().Focus(slide)
}

func TestForm_EntryValidation_FirstTypeValid(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	notEmptyValidator := func(s string) error {
		if s == "" {
			return errors.New("can't be empty")
		}
		return nil
	}

	entry1 := &Entry{Validator: notEmptyValidator, Text: ""}
	entry2 := &Entry{Validator: notEmptyValidator, Text: ""}
	items := []*FormItem{
		{Text: "First", Widget: entry1},
		{Text: "Second", Widget: entry2},
	}

	form := &Form{Items: items, OnSubmit: func() {}, OnCancel: func() {}}
	w := test.NewWindow(form)
	defer w.Close()

	test.AssertImageMatches(t, "form/validation_entry_first_type_initial.png", w.Canvas().Capture())

	test.Type(entry1, "H")
	entry1.FocusLost()
	test.Type(entry2, "L")
	w = test.NewTempWindow(t, form)

	test.AssertImageMatches(t, "form/validation_entry_first_type_valid.png", w.Canvas().Capture())

	entry1.SetText("")
	entry2.SetText("")
	w = test.NewTempWindow(t, form)

	test.AssertImageMatches(t, "form/validation_entry_first_type_invalid.png", w.Canvas().Capture())
}

func TestForm_DisableEnable(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	form := &Form{
		Items: []*FormItem{
			{Text: "test1", Widget: NewEntry()},
		},
		OnSubmit: func() {}, OnCancel: func() {},
	}
	w := test.NewWindow(form)
	defer w.Close()

	if form.Disabled() {
		t.Error("form.Disabled() returned true when it should have been false")
	}

	test.AssertImageMatches(t, "form/disable_initial.png", w.Canvas().Capture())

	form.Disable()

	if !form.Disabled() {
		t.Error("form.Disabled() returned false when it should have been true")
	}

	test.AssertImageMatches(t, "form/disable_disabled.png", w.Canvas().Capture())

	form.Enable()

	if form.Disabled() {
		t.Error("form.Disabled() returned true when it should have been false")
	}

	test.AssertImageMatches(t, "form/disable_re_enabled.png", w.Canvas().Capture())
}

func TestForm_Disable_Validation(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	entry := &Entry{Validator: validation.NewRegexp(`^\d{2}-\w{4}$`, "Input is not valid"), Text: "wrong"}
	// user has interacted
	entry.FocusGained()
	entry.FocusLost()

	form := &Form{Items: []*FormItem{{Text: "test", Widget: entry}}, OnSubmit: func() {}, OnCancel: func() {}}
	w := test.NewWindow(form)
	defer w.Close()

	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/disable_validation_initial.png", w.Canvas().Capture())

	form.Disable()

	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/disable_validation_disabled_invalid.png", w.Canvas().Capture())

	form.Enable()

	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/disable_validation_enabled_invalid.png", w.Canvas().Capture())

	entry.SetText("15-true")
	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/disable_validation_enabled_valid.png", w.Canvas().Capture())

	// ensure we don't re-enable the form when entering something valid
	entry.SetText("invalid")
	form.Disable()
	entry.SetText("15-true")

	w.Resize(form.MinSize().Add(fyne.NewSquareSize(theme.Padding() * 2)))
	test.AssertImageMatches(t, "form/disable_validation_disabled_valid.png", w.Canvas().Capture())
}

func TestForm_HintsRendered(t *testing.T) {
	test.NewTempApp(t)
	test.ApplyTheme(t, test.Theme())

	f := NewForm()

	fi1 := NewFormItem("Form Item 1", NewEntry())
	fi1.HintText = "HT1"
	f.AppendItem(fi1)

	fi2 := NewFormItem("Form Item 2", NewEntry())
	fi2.HintText = "HT2"

	f.AppendItem(fi2)

	fi3 := NewFormItem("Form Item 3", NewEntry())
	fi3.HintText = "HT3"

	f.AppendItem(fi3)

	w := test.NewWindow(f)
	defer w.Close()

	test.AssertImageMatches(t, "form/hints_rendered.png", w.Canvas().Capture())
}

func TestForm_Validate(t *testing.T) {
	entry1 := &Entry{Validator: validation.NewRegexp(`^\d{2}-\w{4}$`, "Input is not valid 1"), Text: "15-true"}
	entry2 := &Entry{Validator: validation.NewRegexp(`^\w{3}-\w{5}$`, "Input is not valid 2"), Text: "wrong"}

	form := &Form{
		Items: []*FormItem{
			{Text: "First", Widget: entry1},
			{Text: "Second", Widget: entry2},
		},
	}

	err := form.Validate()
	if assert.Error(t, err) {
		assert.Equal(t, "Input is not valid 2", err.Error())
	}

	entry1.SetText("incorrect")
	err = form.Validate()
	if assert.Error(t, err) {
		assert.Equal(t, "Input is not valid 1", err.Error())
	}

	entry1.SetText("15-true")
	err = form.Validate()
	if assert.Error(t, err) {
		assert.Equal(t, "Input is not valid 2", err.Error())
	}

	entry2.SetText("not-wrong")
	err = form.Validate()
	assert.NoError(t, err)
}

func TestForm_SetOnValidationChanged(t *testing.T) {
	entry1 := &Entry{Validator: validation.NewRegexp(`^\d{2}-\w{4}$`, "Input is not valid"), Text: "15-true"}

	form := &Form{
		Items: []*FormItem{
			{Text: "First", Widget: entry1},
		},
	}

	validationError := false

	form.SetOnValidationChanged(func(err error) {
		validationError = err != nil
	})

	form.CreateRenderer()

	entry1.SetText("incorrect")
	entry1.FocusLost()
	assert.Error(t, form.Validate())
	assert.True(t, validationError)

	entry1.SetText("15-true")
	assert.NoError(t, form.Validate())
	assert.False(t, validationError)
}

func TestForm_ExtendedEntry(t *testing.T) {
	extendedEntry := NewSelectEntry([]string{""})

	test.NewTempApp(t)

	form := &Form{
		Items: []*FormItem{
			{Text: "Extended entry", Widget: extendedEntry},
		},
	}
	w := test.NewWindow(form)
	defer w.Close()

	test.AssertRendersToMarkup(t, "form/extended_entry.xml", w.Canvas())
}

func TestForm_RefreshFromStructInit(t *testing.T) {
	form := &Form{
		Items: []*FormItem{
			{Text: "Entry", Widget: NewEntry()},
		},
	}

	assert.NotPanics(t, func() {
		form.Refresh()
	})
}
